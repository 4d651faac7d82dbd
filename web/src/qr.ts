// A QR code of a link as an SVG element (qrcode-generator computes the modules; nothing leaves the
// page), for a phone at the same table to scan an invite.
import qrcode from "qrcode-generator";
import { el, NS } from "./svg";

/** The quiet zone around the code, in modules (the standard asks for four). */
export const QUIET = 4;

/** Whether each module is dark, row by row, for `text` (error correction M, the smallest size that holds it). */
export function qrModules(text: string): boolean[][] {
  const qr = qrcode(0, "M");
  qr.addData(text, "Byte");
  qr.make();
  const n = qr.getModuleCount();
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => qr.isDark(r, c)));
}

/** The code drawn as one path of dark squares on white, `label` its accessible name. */
export function qrSvg(text: string, label: string): SVGSVGElement {
  const modules = qrModules(text);
  const n = modules.length + 2 * QUIET;
  const svg = el("svg", {
    viewBox: `0 0 ${n} ${n}`,
    class: "qr",
    role: "img",
    "aria-label": label,
    xmlns: NS,
    "shape-rendering": "crispEdges",
  });
  let d = "";
  modules.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark) d += `M${c + QUIET} ${r + QUIET}h1v1h-1z`;
    }),
  );
  svg.append(
    el("title", {}, label),
    el("rect", { x: 0, y: 0, width: n, height: n, fill: "#fff" }),
    el("path", { d, fill: "#000" }),
  );
  return svg;
}
