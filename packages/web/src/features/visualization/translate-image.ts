/** Elements whose text is live data, not a label: their text is written by the bindings. */
const LIVE = '[data-pv],[data-text-message]';

/**
 * The image's own German texts (titles, labels, state texts), remembered once so they can be
 * shown in any language and back: returns a function that writes them through `translate`.
 */
export function imageTexts(root: Element): (translate: (german: string) => string) => void {
  const nodes: { node: Text; german: string }[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('style') || parent.closest(LIVE)) continue;
    const german = node.nodeValue ?? '';
    if (german.trim() !== '') nodes.push({ node: node as Text, german });
  }
  return (translate) => {
    for (const { node, german } of nodes) {
      const text = translate(german);
      if (node.nodeValue !== text) node.nodeValue = text;
    }
  };
}
