// A small Markdown reader for the served how-to-play texts: headings (#), paragraphs, lists (- or
// 1.), `code`, **bold**, *emphasis*, fenced code blocks and [links](https://...). It builds DOM
// nodes with text content only (never innerHTML), so nothing in the text can run as HTML.
import { h } from "./dom";

/** Inline spans: `code`, **bold**, *emphasis*, [text](http(s) URL); everything else is text. */
export function inline(text: string): (Node | string)[] {
  const out: (Node | string)[] = [];
  const re = /`([^`]+)`|\*\*([^*]+)\*\*|\*([^*]+)\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    if (m[1] !== undefined) out.push(h("code", {}, m[1]));
    else if (m[2] !== undefined) out.push(h("strong", {}, m[2]));
    else if (m[3] !== undefined) out.push(h("em", {}, m[3]));
    else if (/^https?:\/\//.test(m[5]) || m[5].startsWith("/")) out.push(h("a", { href: m[5] }, m[4]));
    else out.push(m[0]);
    last = re.lastIndex;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/**
 * Draws a fenced block of a kind other than plain code: `kind` is the word after the opening fence
 * ("position"), `index` counts the blocks of that kind from 0, `lines` is the block's text. Returns
 * the element to show, or null to leave the block out.
 */
export type FenceDrawer = (kind: string, index: number, lines: string[]) => HTMLElement | null;

/** The blocks of `md` as elements; fenced blocks named by a kind go to `fence` when given. */
export function markdown(md: string, fence?: FenceDrawer): HTMLElement[] {
  const counts = new Map<string, number>();
  const out: HTMLElement[] = [];
  const lines = md.replace(/\r\n?/g, "\n").split("\n");
  let para: string[] = [];
  let list: HTMLElement | null = null;
  const flush = () => {
    if (para.length) out.push(h("p", {}, ...inline(para.join(" "))));
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith("```")) {
      flush();
      list = null;
      const code: string[] = [];
      const kind = line.slice(3).trim();
      for (i++; i < lines.length && !lines[i].startsWith("```"); i++) code.push(lines[i]);
      if (kind && fence) {
        const index = counts.get(kind) ?? 0;
        counts.set(kind, index + 1);
        const drawn = fence(kind, index, code);
        if (drawn) out.push(drawn);
      } else {
        out.push(h("pre", {}, h("code", {}, code.join("\n"))));
      }
      continue;
    }
    const heading = line.match(/^(#{1,6})\s+(.*)$/);
    const item = line.match(/^\s*(?:[-*]|(\d+)\.)\s+(.*)$/);
    if (heading) {
      flush();
      list = null;
      // The page's own title is the h1: the text's headings start one level below.
      const level = Math.min(6, heading[1].length + 1) as 2 | 3 | 4 | 5 | 6;
      out.push(h(`h${level}`, {}, ...inline(heading[2])));
    } else if (item) {
      flush();
      const kind = item[1] ? "ol" : "ul";
      if (!list || list.tagName.toLowerCase() !== kind) {
        list = h(kind, {});
        out.push(list);
      }
      list.append(h("li", {}, ...inline(item[2])));
    } else if (line.trim() === "") {
      flush();
      list = null;
    } else if (list && /^\s+/.test(line)) {
      list.lastElementChild?.append(" ", ...inline(line.trim()));
    } else {
      list = null;
      para.push(line.trim());
    }
  }
  flush();
  return out;
}

/** The body of the "## <title>" section of a Markdown text, up to the next "## ", or "" when none. */
export function section(md: string, title: string): string {
  const lines = md.replace(/\r\n?/g, "\n").split("\n");
  const start = lines.findIndex((l) => l.trim().toLowerCase() === `## ${title.toLowerCase()}`);
  if (start < 0) return "";
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((l) => l.startsWith("## "));
  return (end < 0 ? rest : rest.slice(0, end)).join("\n").trim();
}
