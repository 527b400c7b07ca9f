import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";

/**
 * The recovery codes, shown once right after they are made: to note or download before
 * leaving (only their hashes are kept). The download is a data: link, no request.
 */
export function RecoveryCodes({ codes, next }: { codes: string[]; next: string }) {
  const text = [
    "Codes de secours (double authentification)",
    "Chaque code ne sert qu'une fois. Gardez-les hors de votre téléphone.",
    "",
    ...codes,
    "",
  ].join("\n");
  return (
    <section
      aria-labelledby="codes-de-secours"
      className="flex flex-col gap-4 rounded-md border-2 border-amber-500 bg-amber-50 p-4"
    >
      <h3 id="codes-de-secours" className="text-lg font-bold text-ink">
        Vos codes de secours
      </h3>
      <p className="text-sm text-gray-800">
        Si vous perdez votre téléphone, chacun de ces codes permet une connexion, une seule fois.
        Notez-les ou téléchargez-les maintenant : ils ne seront plus affichés.
      </p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-base sm:grid-cols-5" aria-label="Codes">
        {codes.map((code) => (
          <li key={code} className="rounded bg-white px-2 py-1 text-center text-ink">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="codes-de-secours.txt"
          className={buttonClasses({ variant: "secondary" })}
        >
          Télécharger
        </a>
        <Link to={next} className={buttonClasses()}>
          J'ai noté mes codes
        </Link>
      </div>
    </section>
  );
}
