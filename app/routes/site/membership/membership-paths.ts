/* The address of a household file's page or step (the link is the key: /adhesion/dossier/:token). */
export function filePath(token: string, step = ""): string {
  return `/adhesion/dossier/${token}${step ? `/${step}` : ""}`;
}
