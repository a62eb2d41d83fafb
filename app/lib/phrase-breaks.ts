/**
 * Japanese headings, labels, buttons and card titles break between phrases, never inside a word
 * (「アクティベーションロッ／ク」). Browsers that know `word-break: auto-phrase` do it from app.css;
 * elsewhere (Safari, Firefox) BudouX finds the phrase boundaries once the page has hydrated and marks
 * them with a zero-width space, and the same elements keep words whole (`html.phrase-breaks` in
 * app.css). Loaded only by those browsers, and only on Japanese pages.
 */

/** What breaks at phrases: the same list as `word-break: auto-phrase` in app.css. */
const PHRASED = "h1, h2, h3, h4, button, label, legend, th, dt, nav a, [data-phrases], .tile-title";
const ZWSP = "\u200b";
const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;

export function startPhraseBreaks(): void {
  if (document.documentElement.lang !== "ja") return;
  if (typeof CSS !== "undefined" && CSS.supports("word-break", "auto-phrase")) return;
  void import("budoux").then(({ loadDefaultJapaneseParser }) => {
    const parser = loadDefaultJapaneseParser();
    const phrase = (text: string) => parser.parse(text.replaceAll(ZWSP, "")).join(ZWSP);
    const mark = (root: ParentNode) => {
      const elements = [
        ...(root instanceof Element && root.matches(PHRASED) ? [root] : []),
        ...root.querySelectorAll(PHRASED),
      ];
      for (const element of elements) {
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.nodeValue ?? "";
          if (!JAPANESE.test(text)) continue;
          const marked = phrase(text);
          // Written only when it differs, so the observer below does not wake itself.
          if (marked !== text) node.nodeValue = marked;
        }
      }
    };
    document.documentElement.classList.add("phrase-breaks");
    mark(document.body);
    // Pages reached by moving inside the site, and anything a page shows later (a dialog, a list).
    let pending = new Set<ParentNode>();
    const observer = new MutationObserver((records) => {
      const first = pending.size === 0;
      for (const r of records) {
        const target = r.target.nodeType === Node.TEXT_NODE ? r.target.parentElement : r.target;
        if (target instanceof Element) pending.add(target.closest(PHRASED) ?? target);
      }
      if (first && pending.size > 0) {
        requestAnimationFrame(() => {
          const roots = pending;
          pending = new Set();
          for (const root of roots) if (root.isConnected) mark(root);
        });
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}
