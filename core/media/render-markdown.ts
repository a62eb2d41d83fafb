import { LRUCache } from "lru-cache";
import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";

// Raw HTML in the source is shown as text (html: false); the sanitizer below is a second wall.
const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "strong",
    "em",
    "del",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "title", "loading"],
    th: ["style"],
    td: ["style"],
  },
  allowedStyles: {
    th: { "text-align": [/^(left|right|center)$/] },
    td: { "text-align": [/^(left|right|center)$/] },
  },
  allowedSchemes: ["https", "http", "mailto"],
  allowedSchemesByTag: { img: ["https", "http"] },
  allowProtocolRelative: false,
  transformTags: {
    // The page has the one h1 (the title): headings in the body start at h2.
    h1: "h2",
    a: (tagName, attribs) => {
      const external = /^https?:\/\//.test(attribs.href ?? "");
      return {
        tagName,
        attribs: external ? { ...attribs, rel: "noopener noreferrer nofollow", target: "_blank" } : attribs,
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy" } }),
  },
};

/**
 * Rendering and sanitising an article costs milliseconds, and the same few articles are read
 * again and again: both results are kept per source text, so an edited article is rendered anew.
 */
const RENDERED = new LRUCache<string, string>({ max: 300 });
const MINUTES = new LRUCache<string, number>({ max: 1000 });

/** Markdown to HTML that is safe to put in a page: no script, event handler or foreign scheme survives. */
export function renderMarkdown(source: string): string {
  let html = RENDERED.get(source);
  if (html === undefined) {
    html = sanitizeHtml(md.render(source), SANITIZE);
    RENDERED.set(source, html);
  }
  return html;
}

/** The text a reader reads, without Markdown syntax, for reading time and summaries. */
function plainText(source: string): string {
  return sanitizeHtml(md.render(source), { allowedTags: [], allowedAttributes: {} })
    .replace(/\s+/g, " ")
    .trim();
}

/** Minutes to read: about 500 Japanese characters (or 200 English words) a minute, at least 1. */
export function readingMinutes(source: string): number {
  let minutes = MINUTES.get(source);
  if (minutes === undefined) {
    const text = plainText(source);
    const latinWords = (text.match(/[A-Za-z0-9]+/g) ?? []).length;
    const cjk = text.replace(/[A-Za-z0-9\s\p{P}]/gu, "").length;
    minutes = Math.max(1, Math.round(cjk / 500 + latinWords / 200));
    MINUTES.set(source, minutes);
  }
  return minutes;
}
