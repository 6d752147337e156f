import qrcode from 'qrcode-generator';

/** Modules of quiet zone around the code (the QR standard asks for 4). */
const QUIET_ZONE = 4;

/** The QR code of an ASCII text as SVG: one path of dark modules on white, scalable, crisp. */
export function qrSvg(text: string, title: string): string {
  if (!/^[\x20-\x7e]*$/.test(text)) throw new Error('qrSvg takes printable ASCII only');
  const code = qrcode(0, 'M');
  code.addData(text, 'Byte');
  code.make();
  const size = code.getModuleCount();
  const full = size + 2 * QUIET_ZONE;
  let path = '';
  for (let row = 0; row < size; row += 1) {
    for (let column = 0; column < size; column += 1) {
      if (code.isDark(row, column)) path += `M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  const safeTitle = title.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${full} ${full}" width="${full * 6}" height="${full * 6}" ` +
    `shape-rendering="crispEdges" role="img" aria-label="${safeTitle}"><title>${safeTitle}</title>` +
    `<rect width="${full}" height="${full}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`
  );
}

/** The SVG as a data URL for an `<img src>`. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}
