/// The frame every page of the web front end shares: UTF-8, the language, a viewport for phones, a system font
/// stack that covers Hangul, CJK and accents, and the style sheet, inline, so that nothing is loaded from anywhere.
/// On a phone (600 px wide or less) the nationality and age give way, so that name, position, club, goals and
/// assists fit, and the stats leave out the average age.
enum PageLayout {
    static func page(title: String, _ body: HTML) -> HTML {
        HTML("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
            + HTML("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
            + .element("title", [], .text(title))
            + HTML("<style>") + style + HTML("</style></head><body>") + body + HTML("</body></html>\n")
    }

    private static let style = HTML(
        """
        :root{color-scheme:light dark;--line:#8884;--accent:#1a6dd6}\
        body{margin:0 auto;max-width:64rem;padding:1rem;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,\
        "Noto Sans","Noto Sans CJK KR","Noto Sans CJK JP","Noto Sans CJK SC","Apple SD Gothic Neo","Malgun Gothic",\
        "Hiragino Sans","Microsoft YaHei",sans-serif}\
        h1{font-size:1.5rem;margin:.2rem 0 1rem;overflow-wrap:anywhere;overflow:hidden}a{color:var(--accent)}\
        nav.segments{display:flex;flex-wrap:wrap;gap:.25rem;margin:0 0 .75rem}\
        nav.segments a{padding:.3rem .8rem;border:1px solid var(--line);border-radius:1rem;text-decoration:none}\
        nav.segments a[aria-current]{background:var(--accent);color:#fff;border-color:var(--accent)}\
        form{display:flex;flex-wrap:wrap;gap:.5rem;margin:0 0 1rem}\
        form input{font:inherit;padding:.3rem .5rem;min-width:0;flex:1 1 9rem}\
        form button{font:inherit;padding:.3rem .9rem}form a{align-self:center}\
        .table{overflow-x:auto}table{border-collapse:collapse;width:100%}\
        th,td{padding:.4rem .5rem;border-bottom:1px solid var(--line);text-align:left;white-space:nowrap}\
        td.name{white-space:normal;overflow-wrap:anywhere;min-width:8rem;overflow:hidden}th.num,td.num{text-align:right}th a{text-decoration:none}\
        .paging{display:flex;justify-content:space-between;align-items:center;gap:1rem;margin:1rem 0}\
        .problem{border:1px solid #d33;padding:.5rem .8rem;border-radius:.3rem}\
        .muted{opacity:.7;font-size:.9rem}dl{display:grid;grid-template-columns:max-content 1fr;gap:.4rem 1rem}\
        dt{font-weight:600}dd{margin:0}img.photo{max-width:12rem;max-height:12rem;border-radius:.3rem}\
        p.links{margin:-.25rem 0 1rem}section.facets{margin:0 0 1rem}\
        p.facet{display:flex;flex-wrap:wrap;align-items:baseline;gap:.15rem .7rem;margin:.25rem 0}\
        p.facet a{text-decoration:none;overflow-wrap:anywhere}.facet-name{font-weight:600}span.count{opacity:.7}\
        section.stats h2{font-size:1.1rem;margin:1.4rem 0 .4rem}\
        section.stats th[scope=row]{white-space:normal;overflow-wrap:break-word;font-weight:normal;min-width:6rem}\
        td.bar{width:60%}\
        a.bar,span.bar{display:flex;align-items:center;gap:.4rem;text-decoration:none}\
        span.track{flex:1;min-width:3rem}span.fill{display:block;height:.9rem;background:var(--accent);\
        border-radius:.15rem}\
        @media (max-width:600px){.nationality,.age{display:none}body{padding:.6rem}th,td{padding:.4rem .3rem}\
        td.club{white-space:normal;overflow-wrap:anywhere}td.name{min-width:6rem}\
        section.stats .num:last-child{display:none}}
        """)
}
