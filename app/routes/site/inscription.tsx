import { Download, FileText, Hourglass } from "lucide-react";
import { buttonClass, ButtonLink } from "~/components/site/button-link";
import { isSafeUrl } from "~/core/url";
import { PageHero } from "~/components/site/page-hero";
import { Section } from "~/components/site/section";
import { getPageContent } from "~/domains/content/content.server";
import { getActiveInscriptionForms } from "~/domains/content/inscription.server";
import { heroPageMeta } from "~/utils/seo";
import { parisToday } from "~/core/club-time";
import { onlineSeason } from "~/domains/membership/season.server";
import type { Route } from "./+types/inscription";

export async function loader() {
  const [forms, texts, season] = await Promise.all([
    getActiveInscriptionForms(),
    getPageContent({ category: "inscription" }),
    onlineSeason(parisToday()),
  ]);
  return {
    // While a season's registration is open, the online membership is offered.
    online: season ? { label: season.label } : null,
    forms: forms.map((form) => ({
      id: form.id,
      title: form.title,
      description: form.description,
      // A URL we would not link to counts as no file yet.
      file_url: form.file_url && isSafeUrl(form.file_url.trim()) ? form.file_url.trim() : null,
    })),
    texts,
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  heroPageMeta({
    matches,
    hero: data?.texts.hero,
    fallbackTitle: "Inscription",
    path: "/inscription",
  });

/** The file name offered to the browser: the last segment of the URL. */
function downloadName(url: string): string {
  const last = url.split(/[?#]/)[0]?.split("/").pop() ?? "";
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

export default function Inscription({ loaderData }: Route.ComponentProps) {
  const { forms, texts, online } = loaderData;
  return (
    <>
      <PageHero title={texts.hero.title} subtitle={texts.hero.subtitle} accent="gold" />
      {online ? (
        <Section tone="light">
          <div className="mx-auto flex max-w-3xl flex-col gap-4 rounded-2xl border-t-4 border-gold bg-white p-6 shadow-lg shadow-ink/5 ring-1 ring-gray-200 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h2 className="text-2xl text-ink uppercase">Inscription en ligne {online.label}</h2>
              <p className="mt-2 text-gray-700">
                Toute la famille en quelques minutes, paiement au club. Sans papier à imprimer.
              </p>
            </div>
            <ButtonLink to="/adhesion" variant="dark" className="shrink-0">
              S'inscrire en ligne
            </ButtonLink>
          </div>
        </Section>
      ) : null}

      <Section title={texts.forms.title} subtitle={texts.forms.subtitle}>
        {forms.length === 0 ? (
          <p className="mx-auto max-w-md rounded-2xl bg-white p-8 text-center text-lg text-gray-700 shadow-sm ring-1 ring-gray-200">
            Aucun formulaire d'inscription disponible pour le moment.
          </p>
        ) : (
          <ul className="mx-auto grid max-w-5xl gap-6 md:grid-cols-2">
            {forms.map((form) => (
              <li
                key={form.id}
                className="flex flex-col rounded-2xl border-t-4 border-teal bg-white p-6 shadow-lg shadow-ink/5 ring-1 ring-gray-200"
              >
                <div className="flex items-start gap-4">
                  <span className="rounded-xl bg-teal-light p-3 text-teal-dark">
                    <FileText aria-hidden="true" className="size-6" />
                  </span>
                  <div className="min-w-0">
                    <h3 className="text-xl text-ink">{form.title}</h3>
                    {form.description && (
                      <p className="mt-2 whitespace-pre-line text-gray-700">{form.description}</p>
                    )}
                  </div>
                </div>
                <div className="mt-6 flex flex-1 items-end">
                  {form.file_url ? (
                    <a
                      href={form.file_url}
                      download={downloadName(form.file_url)}
                      className={buttonClass("gold", "w-full sm:w-auto")}
                    >
                      <Download aria-hidden="true" className="size-5" />
                      Télécharger le formulaire
                    </a>
                  ) : (
                    <button
                      type="button"
                      disabled
                      className={buttonClass("dark", "w-full sm:w-auto")}
                    >
                      <Hourglass aria-hidden="true" className="size-5" />
                      Formulaire bientôt disponible
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section tone="dark" title={texts.steps.title}>
        <ol className="mx-auto grid max-w-3xl gap-4">
          {texts.steps.items.map((step, i) => (
            <li key={step} className="flex items-center gap-4 rounded-xl bg-white/5 p-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-gold font-bold text-ink">
                {i + 1}
              </span>
              <span className="text-gray-100">{step}</span>
            </li>
          ))}
        </ol>
        <p className="mt-10 text-center">
          <ButtonLink to="/contact" variant="teal">
            Nous contacter
          </ButtonLink>
        </p>
      </Section>
    </>
  );
}
