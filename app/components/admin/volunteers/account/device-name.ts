/*
 * A short name for the device of a session, from its User-Agent ("Chrome sur Android"):
 * enough for a volunteer to recognise their phone among their sessions, nothing more.
 * Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari", Android
 * also says "Linux".
 */

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone/, "iPhone"],
  [/iPad/, "iPad"],
  [/CrOS/, "ChromeOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Linux/, "Linux"],
];

const find = (list: [RegExp, string][], agent: string) =>
  list.find(([pattern]) => pattern.test(agent))?.[1];

export function deviceName(userAgent: string): string {
  const browser = find(BROWSERS, userAgent);
  const system = find(SYSTEMS, userAgent);
  if (browser && system) return `${browser} sur ${system}`;
  return browser ?? system ?? "Appareil inconnu";
}
