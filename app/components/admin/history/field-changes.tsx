import type { FieldChange } from "~/domains/history/history";

/*
 * What a version changed, field by field: the French label, then the words removed
 * (struck through) and added (underlined) for a text, or the old and new values.
 */
export function FieldChanges({
  changes,
  against,
}: {
  changes: FieldChange[];
  against: "current" | "previous";
}) {
  if (changes.length === 0) {
    return (
      <p className="text-sm text-gray-600">
        {against === "current"
          ? "Identique à l'état actuel."
          : "Aucun changement par rapport à la version précédente."}
      </p>
    );
  }
  return (
    <dl className="space-y-3 text-sm">
      <p className="text-gray-600">
        {against === "current"
          ? "De cette version à l'état actuel :"
          : "De la version précédente à celle-ci :"}
      </p>
      {changes.map((change) => (
        <div key={change.field} className="rounded-md border border-gray-200 p-3">
          <dt className="font-semibold text-ink">{change.label}</dt>
          <dd className="mt-1 break-words whitespace-pre-wrap text-gray-800">
            {change.words ? (
              change.words.map((part, index) =>
                part.op === "same" ? (
                  <span key={index}>{part.text}</span>
                ) : (
                  // The space after the last word stays outside the mark.
                  <span key={index}>
                    {part.op === "del" ? (
                      <del className="bg-red-50 text-red-800">{part.text.trimEnd()}</del>
                    ) : (
                      <ins className="bg-green-50 text-green-900">{part.text.trimEnd()}</ins>
                    )}
                    {part.text.slice(part.text.trimEnd().length)}
                  </span>
                ),
              )
            ) : (
              <>
                <del className="bg-red-50 text-red-800">{change.before || "(vide)"}</del>
                {" → "}
                <ins className="bg-green-50 text-green-900">{change.after || "(vide)"}</ins>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
