/// The one way the project's pages put anything into their document: script
/// that builds elements from data. Text from inputs and runs (a floor's name,
/// a sweep's values, a trace's details) goes in as text nodes and attribute
/// values, never as markup, so nothing a shared file holds can run in the
/// page of whoever opens it. Every page's script starts with this; none sets
/// `innerHTML`, `outerHTML` or calls `document.write` (a test reads the pages
/// for them, and `scripts/browser-tests` opens pages built from hostile
/// files in headless Chromium).
enum PageScript {
    /// `h(tag, attributes, ...children)` makes an HTML element and `s(...)` an
    /// SVG one: attributes are set by name (never an `on...` handler),
    /// children are nodes or text (arrays are flattened; null and false
    /// skipped). `fill(parent, ...children)` replaces a parent's children.
    static let dom = #"""
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
    """#
}
