#if MIZAN_NO_PAGE_ASSETS
/// `PageAssets` where the PageAssets plugin does not run: the fuzz package
/// (Fuzz/Package.swift) builds this module under libFuzzer's flags, which
/// would build the plugin's tool with libFuzzer's own `main`. Its fuzz
/// targets write no page.
enum PageAssets {
    static let reportCSS = "", reportBodyHTML = "", reportJS = "", domJS = ""
}
#endif
