export async function journalLoader() {
  return null;
}
