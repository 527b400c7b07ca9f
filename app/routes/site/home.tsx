import { ArrowRight, CalendarDays } from "lucide-react";
import { Link } from "react-router";
import { ButtonLink } from "~/components/site/button-link";
import { DisciplineCard } from "~/components/site/discipline-card";
import { FormatIcon } from "~/components/site/format-icon";
import { Hero } from "~/components/site/hero";
import { JsonLd, sportsClubJsonLd } from "~/components/site/json-ld";
import { Section } from "~/components/site/section";
import { isWebUrl } from "~/components/site/social-links";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { HOME_LATEST_POSTS, PLACEHOLDER_IMAGE } from "~/content/defaults";
import { formatFrenchDate } from "~/content/dates";
import { excerpt, HOME_EXCERPT_LENGTH } from "~/content/excerpt";
import { getPageContent } from "~/models/content.server";
import { getDisciplines } from "~/models/discipline.server";
import { getImageVariants } from "~/models/image.server";
import { getLatestPublishedPosts } from "~/models/post.server";
import { getAllSettings } from "~/models/settings.server";
import { getTrainingFormats } from "~/models/training-format.server";
import { getEnv } from "~/utils/env.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/home";

/** A video URL worth handing to <video>: one of ours (site path) or a web address. */
function playableUrl(url: string): string {
  return url.startsWith("/") || isWebUrl(url) ? url : "";
}

export async function loader({ request }: Route.LoaderArgs) {
  const [hero, about, home, disciplines, formats, posts, settings] = await Promise.all([
    getPageContent({ category: "hero" }),
    getPageContent({ category: "about" }),
    getPageContent({ category: "home" }),
    getDisciplines(),
    getTrainingFormats(),
    getLatestPublishedPosts({ limit: HOME_LATEST_POSTS }),
    getAllSettings(),
  ]);
  const variants = await getImageVariants({
    urls: [
      hero.main.backgroundImage,
      about.main.image,
      ...disciplines.map((d) => d.image),
      ...posts.map((p) => p.image_url),
    ],
  });
  const origin = getEnv().publicUrl ?? new URL(request.url).origin;
  const jsonLd = sportsClubJsonLd({
    origin,
    general: settings.general,
    address: settings.address,
    hours: settings.hours,
    logoUrl: settings.logo.url,
    imageUrl: hero.main.backgroundImage,
    sameAs: settings.social.links.map((link) => link.url).filter(isWebUrl),
  });
  return {
    hero: hero.main,
    about: about.main,
    home,
    disciplines: disciplines.map(({ id, slug, title, subtitle, description, image }) => ({
      id,
      slug,
      title,
      subtitle,
      description,
      image,
    })),
    formats: formats.map(({ id, title, subtitle, description, icon_name }) => ({
      id,
      title,
      subtitle,
      description,
      icon_name,
    })),
    posts: posts.map((post) => ({
      id: post.id,
      slug: post.slug,
      title: post.title,
      image_url: post.image_url || PLACEHOLDER_IMAGE,
      date: formatFrenchDate(post.published_at),
      published_at: post.published_at,
      excerpt: excerpt(post, HOME_EXCERPT_LENGTH),
    })),
    videoUrl: playableUrl(settings.home_video.url.trim()),
    variants,
    jsonLd,
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta({
    matches,
    title: data?.hero.title ?? "Boxing Club de Meyzieu",
    description: data?.hero.metaDescription ?? "",
    path: "/",
    image: data?.hero.backgroundImage,
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, about, home, disciplines, formats, posts, variants, videoUrl, jsonLd } = loaderData;
  return (
    <>
      <JsonLd data={jsonLd} />
      <Hero
        title={hero.title}
        subtitle={hero.subtitle}
        primaryText={hero.primaryButtonText}
        primaryLink={hero.primaryButtonLink}
        secondaryText={hero.secondaryButtonText}
        secondaryLink={hero.secondaryButtonLink}
        backgroundImage={hero.backgroundImage}
        backgroundVariants={variants[hero.backgroundImage]}
        videoUrl={videoUrl}
      />

      <section aria-labelledby="about-title" className="bg-white py-16 md:py-24">
        <div className="mx-auto grid max-w-6xl gap-12 px-4 sm:px-6 md:grid-cols-2 md:items-center">
          <div>
            <p className="text-sm font-bold uppercase tracking-[0.25em] text-teal-dark">
              {about.subtitle}
            </p>
            <h2 id="about-title" className="mt-3 text-4xl uppercase leading-tight md:text-5xl">
              {about.title}
            </h2>
            <span aria-hidden="true" className="mt-4 block h-1 w-14 rounded-full bg-gold" />
            {about.paragraphs.map((paragraph, index) => (
              <p key={index} className="mt-5 leading-relaxed text-gray-700">
                {paragraph}
              </p>
            ))}
          </div>
          {about.image && (
            <div className="relative">
              <div
                aria-hidden="true"
                className="absolute -bottom-4 -right-4 hidden size-full rounded-3xl bg-teal sm:block"
              />
              <ResponsiveImage
                src={about.image}
                variants={variants[about.image]}
                alt=""
                sizes="(min-width: 1152px) 540px, (min-width: 768px) 50vw, 100vw"
                className="relative aspect-[4/3] w-full rounded-3xl object-cover shadow-xl"
              />
            </div>
          )}
        </div>
        {about.highlights.length > 0 && (
          <ul className="mx-auto mt-16 grid max-w-6xl gap-4 px-4 sm:grid-cols-3 sm:px-6">
            {about.highlights.map((item, index) => (
              <li
                key={index}
                className="rounded-2xl border-t-4 border-gold bg-ink p-6 text-center text-white shadow-lg"
              >
                <p className="font-display text-3xl uppercase text-teal">{item.value}</p>
                <p className="mt-1 text-gray-200">{item.label}</p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Section
        title={home.disciplines.title}
        subtitle={home.disciplines.subtitle}
        className="bg-gray-50!"
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {disciplines.map((discipline) => (
            <li key={discipline.id}>
              <DisciplineCard {...discipline} variants={variants[discipline.image]} />
            </li>
          ))}
        </ul>
      </Section>

      <Section tone="dark" title={home.formats.title} subtitle={home.formats.subtitle}>
        <ul className="grid gap-6 md:grid-cols-3">
          {formats.map((format) => (
            <li key={format.id}>
              <article className="flex h-full flex-col rounded-2xl bg-white/5 p-7 ring-1 ring-white/10 transition-colors hover:bg-white/10">
                <span className="flex size-14 items-center justify-center rounded-xl bg-teal text-ink">
                  <FormatIcon name={format.icon_name} />
                </span>
                <h3 className="mt-5 text-2xl uppercase">{format.title}</h3>
                <p className="mt-1 font-semibold text-gold">{format.subtitle}</p>
                <p className="mt-3 flex-1 leading-relaxed text-gray-300">{format.description}</p>
                <Link
                  to={`/entrainements#format-${format.id}`}
                  className="mt-5 inline-flex items-center gap-2 self-start font-semibold text-teal hover:underline"
                >
                  Voir le détail<span className="sr-only"> : {format.title}</span>
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              </article>
            </li>
          ))}
        </ul>
      </Section>

      <section aria-labelledby="free-trial-title" className="bg-white px-4 py-16 sm:px-6 md:py-24">
        <div className="relative mx-auto max-w-5xl overflow-hidden rounded-3xl bg-gold px-6 py-12 text-center text-ink shadow-2xl md:px-16 md:py-16">
          <div
            aria-hidden="true"
            className="absolute -right-16 -top-16 size-56 rounded-full border-[14px] border-ink/10"
          />
          <h2 id="free-trial-title" className="relative text-3xl uppercase md:text-5xl">
            {home.freeTrial.title}
          </h2>
          <p className="relative mx-auto mt-5 max-w-2xl text-lg leading-relaxed">
            {home.freeTrial.text}
          </p>
          <div className="relative mt-8 flex flex-col justify-center gap-4 sm:flex-row">
            <ButtonLink to="/contact" variant="dark">
              {home.freeTrial.primaryButtonText}
            </ButtonLink>
            <ButtonLink to="/planning" variant="outline-dark">
              <CalendarDays aria-hidden="true" className="size-5" />
              {home.freeTrial.secondaryButtonText}
            </ButtonLink>
          </div>
        </div>
      </section>

      <Section title={home.news.title} subtitle={home.news.subtitle} className="bg-gray-50!">
        {posts.length === 0 ? (
          <p className="text-center text-gray-700">Aucun article disponible pour le moment.</p>
        ) : (
          <ul className="grid gap-6 md:grid-cols-3">
            {posts.map((post) => (
              <li key={post.id}>
                <article className="group flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-ink/5">
                  <ResponsiveImage
                    src={post.image_url}
                    variants={variants[post.image_url]}
                    alt=""
                    sizes="(min-width: 1152px) 370px, (min-width: 768px) 33vw, 100vw"
                    className="aspect-[16/10] w-full object-cover"
                  />
                  <div className="flex flex-1 flex-col p-6">
                    <time
                      dateTime={post.published_at}
                      className="text-sm font-medium text-teal-dark"
                    >
                      {post.date}
                    </time>
                    <h3 className="mt-2 text-xl uppercase leading-snug">
                      <Link
                        to={`/blog/${post.slug}`}
                        className="hover:text-teal-dark hover:underline"
                      >
                        {post.title}
                      </Link>
                    </h3>
                    <p className="mt-3 flex-1 text-gray-700">{post.excerpt}</p>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-12 text-center">
          <ButtonLink to="/blog" variant="dark">
            {home.news.buttonText}
            <ArrowRight aria-hidden="true" className="size-5" />
          </ButtonLink>
        </p>
      </Section>
    </>
  );
}
