import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";

/** How to restore: on the server, with the command line, the site stopped (README « Back up »). */
export function RestoreHelp() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Restaurer une sauvegarde</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm text-gray-800">
        <p>
          La restauration se fait sur le serveur, par la personne qui l'administre, site arrêté :
          arrêtez le serveur, attendez deux minutes, puis lancez
        </p>
        <pre className="rounded-md bg-gray-900 px-3 py-2 text-xs break-words whitespace-pre-wrap text-white">
          <code>{`npm run admin -- restore sauvegarde.tar.gz --dry-run\nnpm run admin -- restore sauvegarde.tar.gz`}</code>
        </pre>
        <p>
          La première commande vérifie l'archive sans rien changer ; la seconde garde d'abord une
          copie des données actuelles (« avant restauration »), remplace les données, puis ferme
          toutes les sessions. Redémarrez ensuite le serveur. Tout est expliqué dans la section «
          Back up » du README du site.
        </p>
      </CardContent>
    </Card>
  );
}
