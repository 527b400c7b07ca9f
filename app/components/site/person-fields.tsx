import { TextField, type TextFieldProps } from "./form-controls";

/*
 * The fields that say who a person is and how to reach them, the same on every public
 * form (/contact, /essai, /adhesion): their labels, types and length limits live here once.
 */

type FieldOf = Omit<TextFieldProps, "type" | "maxLength">;
type NameProps = Omit<TextFieldProps, "id" | "label" | "autoComplete" | "maxLength">;

export function EmailField({
  label = "E-mail",
  ...props
}: Omit<FieldOf, "label"> & {
  label?: string;
}) {
  return <TextField type="email" label={label} autoComplete="email" maxLength={200} {...props} />;
}

export function PhoneField({
  label = "Téléphone",
  ...props
}: Omit<FieldOf, "label"> & {
  label?: string;
}) {
  return <TextField type="tel" label={label} autoComplete="tel" maxLength={30} {...props} />;
}

/**
 * A first name and a last name side by side, with ids `<idPrefix>first-name` and
 * `<idPrefix>last-name`. Only the person filling the form has them filled in by the browser
 * (`own`); a child's or a guardian's name is not the browser's to guess.
 */
export function NameFields({
  idPrefix,
  labels = ["Prénom", "Nom"],
  own = false,
  optional,
  first,
  last,
}: {
  idPrefix: string;
  labels?: readonly [string, string];
  own?: boolean;
  optional?: boolean;
  first: NameProps;
  last: NameProps;
}) {
  return (
    <>
      <TextField
        id={`${idPrefix}first-name`}
        label={labels[0]}
        autoComplete={own ? "given-name" : "off"}
        maxLength={80}
        optional={optional}
        {...first}
      />
      <TextField
        id={`${idPrefix}last-name`}
        label={labels[1]}
        autoComplete={own ? "family-name" : "off"}
        maxLength={80}
        optional={optional}
        {...last}
      />
    </>
  );
}
