import { Plus } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { useActionToast } from "~/components/admin/forms/use-action-toast";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input, controlClasses } from "~/components/ui/input";
import { cn } from "~/components/ui/cn";
import { fieldErrors } from "~/core/form";
import type { Toast } from "~/utils/toast";
import { AddMediaSchema } from "~/domains/content/media-schema";

type Errors = Partial<Record<"title" | "url" | "file" | "form", string>>;
type Result = { toast?: Toast; ok?: boolean; errors?: Errors };

/**
 * "Ajouter des médias": a title and either a web address or an image file. The file goes
 * with the form (multipart) through the upload pipeline; a refused one leaves nothing.
 */
export function MediaAddTab() {
  const fetcher = useFetcher<Result>();
  useActionToast(fetcher.data);
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<Errors | null>(null);
  const sending = fetcher.state !== "idle";
  const serverErrors = fetcher.data && !fetcher.data.ok ? fetcher.data.errors : undefined;
  const errors: Errors = clientErrors ?? (sending ? {} : (serverErrors ?? {}));

  const answered = useRef<Result | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || answered.current === fetcher.data) return;
    answered.current = fetcher.data;
    if (fetcher.data.ok) {
      formRef.current?.reset();
    } else {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [fetcher.state, fetcher.data]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get("file");
    const hasFile = file instanceof File && file.name !== "";
    const parsed = AddMediaSchema.safeParse({
      title: form.get("title") ?? "",
      url: form.get("url") ?? "",
      hasFile,
    });
    if (!parsed.success) {
      setClientErrors(fieldErrors(parsed.error) as Errors);
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setClientErrors(null);
    form.set("intent", "add");
    if (hasFile) {
      // The fields first: the server reads them before the file's bytes.
      const ordered = new FormData();
      ordered.set("intent", "add");
      ordered.set("title", String(form.get("title")));
      ordered.set("url", String(form.get("url")));
      ordered.set("file", file);
      fetcher.submit(ordered, { method: "post", encType: "multipart/form-data" });
    } else {
      form.delete("file");
      fetcher.submit(form, { method: "post" });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Ajouter des médias</CardTitle>
        <CardDescription>
          Une image envoyée (JPEG, PNG, WebP, AVIF ou GIF, 15 Mo au plus) est réenregistrée sans ses
          métadonnées, avec des versions allégées pour le site. Ou indiquez l'adresse d'une image
          déjà en ligne.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form ref={formRef} noValidate onSubmit={submit} className="flex max-w-xl flex-col gap-4">
          <Field label="Titre" required error={errors.title}>
            <Input name="title" maxLength={200} autoComplete="off" />
          </Field>
          <Field
            label="Fichier image"
            description="Ou bien une adresse ci-dessous."
            error={errors.file}
          >
            <input
              type="file"
              name="file"
              accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
              className={cn(
                controlClasses,
                "cursor-pointer file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-teal-light file:px-3 file:py-1.5 file:font-semibold file:text-teal-dark",
              )}
              onChange={() => clientErrors && setClientErrors(null)}
            />
          </Field>
          <Field
            label="Adresse (URL) de l'image"
            description="https://… ou une adresse du site commençant par /"
            error={errors.url}
          >
            <Input name="url" inputMode="url" maxLength={2000} autoComplete="off" />
          </Field>
          {errors.form && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {errors.form}
            </p>
          )}
          <Button type="submit" busy={sending} className="self-start">
            {!sending && <Plus aria-hidden="true" className="size-4" />}
            {sending ? "Ajout en cours..." : "Ajouter le média"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
