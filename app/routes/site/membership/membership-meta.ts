/* The meta of a household's private pages: a title, never indexed. */
export function fileMeta(title: string) {
  return () => [{ title: `${title} – Adhésion` }, { name: "robots", content: "noindex" }];
}
