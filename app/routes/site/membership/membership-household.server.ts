import { data } from "react-router";
import { HOUSEHOLD_FIELDS, householdSchema } from "~/domains/membership/membership-form";
import { fieldErrors, formText } from "~/core/form";

/* Step a's fields read and checked again on the server (the first page and its later edit). */

export function readHousehold(form: FormData) {
  const values = formText(form, HOUSEHOLD_FIELDS);
  const parsed = householdSchema.safeParse(values);
  if (!parsed.success) {
    return {
      ok: false as const,
      answer: data({ values, errors: fieldErrors(parsed.error) }, { status: 400 }),
    };
  }
  const input = parsed.data;
  return {
    ok: true as const,
    household: {
      email: input.email.toLowerCase(),
      phone: input.phone,
      address: input.address,
      postalCode: input.postal_code,
      city: input.city,
    },
  };
}
