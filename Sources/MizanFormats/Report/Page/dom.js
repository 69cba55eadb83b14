const SVG_NS = "http://www.w3.org/2000/svg";
function make(namespace, tag, attributes, children) {
  const node = namespace ? document.createElementNS(namespace, tag) : document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    if (/^on/i.test(name)) throw new Error(`an event handler attribute (${name}) is set in script, not as an attribute`);
    if (value != null && value !== false) node.setAttribute(name, String(value));
  }
  for (const child of [children].flat(Infinity)) {
    if (child != null && child !== false) node.append(child instanceof Node ? child : String(child));
  }
  return node;
}
const h = (tag, attributes, ...children) => make(null, tag, attributes, children);
const s = (tag, attributes, ...children) => make(SVG_NS, tag, attributes, children);
const fill = (parent, ...children) => { parent.replaceChildren(); for (const child of children.flat(Infinity)) if (child != null && child !== false) parent.append(child instanceof Node ? child : String(child)); return parent; };
