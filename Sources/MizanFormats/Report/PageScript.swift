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
    static let dom = PageAssets.domJS

    /// JSON text to embed in a page's `<script type="application/json">` element, read back by
    /// `JSON.parse` of its text: every "<" written as the JSON escape \u003c (JSON has "<" only
    /// inside strings), so no input text can close the element ("</script>") or make the HTML
    /// parser read on past its end ("<!--<script>").
    static func embedded(_ json: String) -> String {
        json.replacing("<", with: "\\u003c")
    }
}
