import type { ReactNode } from "react";

/*
 * A box to tick or a button to choose, beside its label, as every public form shows one
 * (/essai, /adhesion): the control aligned on the label's first line (or centred on a label
 * of one line), and under a bold label the line that explains the choice.
 */

type ChoiceBoxProps = {
  id: string;
  name: string;
  type: "checkbox" | "radio";
  value?: string | number;
  checked: boolean;
  /** The label in bold (a choice with a title), or plain (a sentence to agree with). */
  bold?: boolean;
  /** A short label: the control centred on it. */
  oneLine?: boolean;
  /** The line under the label that explains the choice. */
  note?: ReactNode;
  /** The attributes of an invalid choice (aria-invalid, its error, the focus). */
  invalid?: Record<string, unknown>;
  children: ReactNode;
};

export function ChoiceBox({
  id,
  name,
  type,
  value,
  checked,
  bold = false,
  oneLine = false,
  note,
  invalid,
  children,
}: ChoiceBoxProps) {
  return (
    <div className={oneLine ? "flex items-center gap-3" : "flex items-start gap-3"}>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        defaultChecked={checked}
        className={
          oneLine ? "size-5 shrink-0 accent-teal-dark" : "mt-1 size-5 shrink-0 accent-teal-dark"
        }
        {...invalid}
      />
      <label htmlFor={id} className={bold ? "font-semibold" : undefined}>
        {children}
        {note ? <span className="block text-sm font-normal text-gray-700">{note}</span> : null}
      </label>
    </div>
  );
}

/** One radio of a group: its id is the group's name and its value (`method-cash`). */
export function RadioChoice({
  name,
  value,
  ...rest
}: Omit<ChoiceBoxProps, "id" | "type" | "value"> & { value: string | number }) {
  return <ChoiceBox id={`${name}-${value}`} name={name} type="radio" value={value} {...rest} />;
}
