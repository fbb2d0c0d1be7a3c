const SVG_NS = 'http://www.w3.org/2000/svg';

/** Elements that could run code, load other documents or embed HTML: never part of an image. */
const FORBIDDEN = [
  'script',
  'foreignObject',
  'iframe',
  'object',
  'embed',
  'audio',
  'video',
  'handler',
  'listener',
];

const isLocalReference = (value: string) =>
  value.startsWith('#') || /^data:image\/(png|jpeg|gif|webp);/i.test(value);

/**
 * Parses a process image and keeps only inert markup: the server serves it with a sandboxing CSP,
 * but shown inline it lives in the app's document, so scripts, event attributes, external
 * references and embedded documents are dropped here. Throws on markup that is no SVG.
 */
export function sanitizeSvg(markup: string, doc: Document = document): SVGSVGElement {
  const parsed = new DOMParser().parseFromString(markup, 'image/svg+xml');
  const root = parsed.documentElement;
  if (root.namespaceURI !== SVG_NS || root.localName !== 'svg' || parsed.querySelector('parsererror')) {
    throw new Error('not an SVG image');
  }
  for (const name of FORBIDDEN) for (const el of [...root.getElementsByTagName(name)]) el.remove();
  for (const el of [root, ...root.querySelectorAll('*')]) {
    for (const attr of [...el.attributes]) {
      const name = attr.name.toLowerCase();
      const value = attr.value.trim();
      if (name.startsWith('on')) el.removeAttribute(attr.name);
      else if ((name === 'href' || name === 'xlink:href' || name === 'src') && !isLocalReference(value))
        el.removeAttribute(attr.name);
      else if (name === 'style' && /url\(\s*['"]?(?!#)/i.test(value)) el.removeAttribute(attr.name);
    }
  }
  for (const style of root.querySelectorAll('style')) {
    // @import and external url() would load from elsewhere.
    style.textContent = (style.textContent ?? '')
      .replace(/@import[^;]*;?/gi, '')
      .replace(/url\(\s*['"]?(?!#)[^)]*\)/gi, 'none');
  }
  return doc.importNode(root, true) as unknown as SVGSVGElement;
}
