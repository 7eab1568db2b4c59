// The signed-in client's first screen drawn by index.html itself, before any JavaScript file has
// arrived (docs/performance.md, "Fourth round"): the layout's side menu and header bar (empty), the
// page's breadcrumbs and its title, where and as the client draws them (layout/AppLayout.tsx,
// kit/PageTitle.tsx), in the stored language. The client removes it in the commit that draws the
// real layout (or the sign-in page), so nothing moves and the page keeps one h1.
//
// The script is inline, so the service's Content-Security-Policy names its hash
// (server/http/client.ts); it is this constant, and the labels it reads are a JSON block beside it
// (not executed), written at build time from the menu and both dictionaries (desktop/client/bootShell.ts).
// It runs only for a user with a stored session on a page of the menu; any failure leaves the page as
// it was (empty until the client draws it).

/**
 * The id of the JSON block of labels: `{ pages: { [path]: [group, title, crumbs] }, words: { [language]: string[] } }`,
 * where `group` and `title` index a language's words (`group` -1: no group crumb), `crumbs` is 1 when the
 * page shows breadcrumbs, and each language's words begin with the home page's name and the app's name.
 */
export const BOOT_DATA_ID = 'boot-data';
/** The id of the skeleton's element (the client removes it: layout/bootShell.ts). */
export const BOOT_ID = 'boot';

/** The inline script (a constant: its hash is in the Content-Security-Policy). */
export const BOOT_SCRIPT = `(function () {
  try {
    var store = window.localStorage;
    if (!store.getItem('cargodesk.tokens')) return;
    var data = JSON.parse(document.getElementById('${BOOT_DATA_ID}').textContent);
    var page = data.pages[location.pathname];
    if (!page) return;
    var lang = store.getItem('cargodesk.language');
    if (!data.words[lang]) {
      lang = 'en-US';
      var wanted = navigator.languages || [navigator.language];
      for (var i = 0; i < wanted.length; i++) {
        var l = String(wanted[i]).toLowerCase();
        if (l.indexOf('zh') === 0) { lang = 'zh-CN'; break; }
        if (l.indexOf('en') === 0) break;
      }
    }
    var words = data.words[lang];
    var phone = window.matchMedia('(max-width: 767.98px)').matches;
    var el = function (tag, cls, text) {
      var e = document.createElement(tag);
      if (cls) e.className = cls;
      if (text) e.textContent = text;
      return e;
    };
    var boot = el('div');
    boot.id = '${BOOT_ID}';
    boot.setAttribute('aria-busy', 'true');
    if (!phone) {
      var folded = store.getItem('cargodesk.siderCollapsed') === '1';
      var sider = el('div', folded ? 'boot-sider boot-folded' : 'boot-sider');
      sider.appendChild(el('div', 'boot-brand', words[1]));
      boot.appendChild(sider);
    }
    var main = el('div', phone ? 'boot-main boot-phone' : 'boot-main');
    main.appendChild(el('div', 'boot-header'));
    var content = el('div', 'boot-content');
    if (page[2]) {
      var crumbs = el('ol', 'boot-crumbs');
      var names = [words[0]];
      if (page[0] >= 0) names.push(words[page[0]]);
      names.push(words[page[1]]);
      for (var n = 0; n < names.length; n++) {
        if (n > 0) crumbs.appendChild(el('li', 'boot-separator', '/'));
        crumbs.appendChild(el('li', n === names.length - 1 ? 'boot-last' : '', names[n]));
      }
      content.appendChild(crumbs);
    }
    content.appendChild(el('h1', 'boot-title', words[page[1]]));
    main.appendChild(content);
    boot.appendChild(main);
    document.documentElement.lang = lang;
    document.body.insertBefore(boot, document.body.firstChild);
  } catch (e) {}
})();`;

/**
 * The skeleton's rules: antd's values for the layout, breadcrumbs and title, as the client's theme
 * gives them. It lies over the client's root (whose loading spinner it hides) rather than above it,
 * so that nothing moves when it goes.
 */
export const BOOT_STYLE = `#boot{position:absolute;top:0;left:0;right:0;z-index:1;display:flex;min-height:100vh;background:#f5f5f5;color:rgba(0,0,0,.88);font-size:14px;line-height:1.5714285714285714;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif,'Apple Color Emoji','Segoe UI Emoji','Segoe UI Symbol','Noto Color Emoji'}
#boot *{box-sizing:border-box}
.boot-sider{flex:none;width:232px;height:100vh;background:#fff;border-right:1px solid #f0f0f0}
.boot-brand{height:56px;display:flex;align-items:center;padding:0 24px;font-weight:600;font-size:18px;color:#1f6fb2;overflow:hidden;white-space:nowrap}
.boot-folded{width:80px}
.boot-folded .boot-brand{padding:0 12px;font-size:14px}
.boot-main{flex:auto;min-width:0}
.boot-header{height:56px;background:#fff;border-bottom:1px solid #f0f0f0}
.boot-content{padding:12px 24px 24px}
.boot-phone .boot-content{padding:8px 12px 16px}
.boot-crumbs{display:flex;flex-wrap:wrap;margin:0 0 12px;padding:0;list-style:none;color:rgba(0,0,0,.6);line-height:22px}
.boot-separator{margin:0 8px}
.boot-last{color:rgba(0,0,0,.88)}
.boot-title{margin:0;font-size:20px;line-height:1.4;font-weight:600}`;
