import { RadioChoice } from "../choice-box";

/**
 * « en une fois » or « en 3 fois » by card (HelloAsso), on the payment step and the file's
 * page: two radios named `instalments` (1 or 3), in a fieldset with its legend.
 */
export function InstalmentChoice({
  legend,
  checked,
  className = "grid gap-2",
}: {
  legend: string;
  checked: string;
  className?: string;
}) {
  return (
    <fieldset className={className}>
      <legend className="font-semibold">{legend}</legend>
      {(["1", "3"] as const).map((count) => (
        <RadioChoice
          key={count}
          name="instalments"
          value={count}
          checked={checked === count}
          oneLine
        >
          {count === "1" ? "en une fois" : "en 3 fois, à un mois d'écart"}
        </RadioChoice>
      ))}
    </fieldset>
  );
}
