/** A file's size as a volunteer reads it: « 812 octets », « 45,3 ko », « 12,4 Mo », « 1,2 Go ». */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} octets`;
  const units = ["ko", "Mo", "Go", "To"];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const shown = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 }).format(value);
  return `${shown} ${units[unit]}`;
}
