/*
 * A small word diff for the Historique panel: the longest common subsequence of two texts'
 * words. Bounded: beyond MAX_CELLS the common start and end are kept and the middle shows
 * as removed then added, so a long article never costs more than a few milliseconds.
 */

export type DiffPart = { op: "same" | "add" | "del"; text: string };

const MAX_CELLS = 250_000;

/** Words and the spaces after them, so the parts join back into readable text. */
function words(text: string): string[] {
  return text.match(/\S+\s*/g) ?? [];
}

function push(parts: DiffPart[], op: DiffPart["op"], text: string) {
  const last = parts.at(-1);
  if (last && last.op === op) last.text += text;
  else parts.push({ op, text });
}

/** The parts of `before` → `after`: kept, removed (del) and added words, in reading order. */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = words(before);
  const b = words(after);
  const same = (x: string, y: string) => x.trimEnd() === y.trimEnd();
  // A word kept with the space one side has after it: "loisir" and "loisir " read "loisir ".
  const kept = (x: string, y: string) => (x.length >= y.length ? x : y);
  const keptRun = (from: string[], to: string[]) => from.map((x, k) => kept(x, to[k]!)).join("");
  let start = 0;
  while (start < a.length && start < b.length && same(a[start]!, b[start]!)) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && same(a[endA - 1]!, b[endB - 1]!)) {
    endA -= 1;
    endB -= 1;
  }
  const parts: DiffPart[] = [];
  if (start > 0) push(parts, "same", keptRun(a.slice(0, start), b.slice(0, start)));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if ((midA.length + 1) * (midB.length + 1) > MAX_CELLS) {
    if (midA.length) push(parts, "del", midA.join(""));
    if (midB.length) push(parts, "add", midB.join(""));
  } else {
    // lengths[i][j]: the LCS of midA[i..] and midB[j..].
    const cols = midB.length + 1;
    const lengths = new Uint32Array((midA.length + 1) * cols);
    for (let i = midA.length - 1; i >= 0; i -= 1) {
      for (let j = midB.length - 1; j >= 0; j -= 1) {
        lengths[i * cols + j] = same(midA[i]!, midB[j]!)
          ? lengths[(i + 1) * cols + j + 1]! + 1
          : Math.max(lengths[(i + 1) * cols + j]!, lengths[i * cols + j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < midA.length || j < midB.length) {
      if (i < midA.length && j < midB.length && same(midA[i]!, midB[j]!)) {
        push(parts, "same", kept(midA[i]!, midB[j]!));
        i += 1;
        j += 1;
      } else if (
        j < midB.length &&
        // On a tie the removed words come first: "old → new" reads in that order.
        (i === midA.length || lengths[i * cols + j + 1]! > lengths[(i + 1) * cols + j]!)
      ) {
        push(parts, "add", midB[j]!);
        j += 1;
      } else {
        push(parts, "del", midA[i]!);
        i += 1;
      }
    }
  }
  if (endA < a.length) push(parts, "same", keptRun(a.slice(endA), b.slice(endB)));
  return parts;
}
