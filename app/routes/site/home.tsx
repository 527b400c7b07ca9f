import { ArrowRight, CalendarDays } from "lucide-react";
import { Link } from "react-router";
import { ButtonLink } from "~/components/site/button-link";
import { DisciplineCard } from "~/components/site/discipline-card";
import { FormatIcon } from "~/components/site/format-icon";
import { Hero } from "~/components/site/hero";
import { HomeNews } from "~/components/site/home-news";
import { TeamSection } from "~/components/site/team-section";
import { TestimonialsSection } from "~/components/site/testimonials-section";
import { ComingChangesBanner } from "~/components/site/schedule/dated-sessions";
import { JsonLd, sportsClubJsonLd } from "~/components/site/json-ld";
import { Section } from "~/components/site/section";
import { isWebUrl } from "~/core/url";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { HOME_LATEST_POSTS, PLACEHOLDER_IMAGE } from "~/domains/content/defaults";
import { formatFrenchDate } from "~/core/date-format";
import { excerpt, HOME_EXCERPT_LENGTH } from "~/domains/content/excerpt";
import { getPageContent } from "~/domains/content/content.server";
import { getComingChanges } from "~/domains/schedule/schedule-change.server";
import { getPublicDisciplines } from "~/domains/content/discipline.server";
import { getImageVariants } from "~/storage/variants.server";
import { getLatestPostsFeaturedFirst } from "~/domains/content/post.server";
import { getAllSettings } from "~/domains/content/settings.server";
import { getPublicTrainingFormats } from "~/domains/content/training-format.server";
import { siteAddressOf } from "~/core/site-address.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/home";

/** A video URL worth handing to <video>: one of ours (site path) or a web address. */
function playableUrl(url: string): string {
  return url.startsWith("/") || isWebUrl(url) ? url : "";
}

export async function loader() {
  const [hero, about, home, disciplines, formats, posts, settings, comingChanges] =
    await Promise.all([
      getPageContent({ category: "hero" }),
      getPageContent({ category: "about" }),
      getPageContent({ category: "home" }),
      getPublicDisciplines(),
      getPublicTrainingFormats(),
      getLatestPostsFeaturedFirst({ limit: HOME_LATEST_POSTS }),
      getAllSettings(),
      getComingChanges(),
    ]);
  const variants = await getImageVariants({
    urls: [
      hero.main.backgroundImage,
      about.main.image,
      ...disciplines.map((d) => d.image),
      ...posts.map((p) => p.image_url),
      ...home.team.members.map((member) => member.photo),
    ],
  });
  const { origin } = siteAddressOf(settings.site_address);
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
      is_featured: post.is_featured,
    })),
    videoUrl: playableUrl(settings.home_video.url.trim()),
    comingChanges,
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
  const { comingChanges } = loaderData;
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
      <ComingChangesBanner cancelled={comingChanges.cancelled} closures={comingChanges.closures} />

      <section aria-labelledby="about-title" className="bg-white py-10 md:py-24">
        <div className="mx-auto grid max-w-6xl gap-12 px-4 sm:px-6 md:grid-cols-2 md:items-center">
          {/* On a phone: the first paragraph only, no photo, so the home stays within seven
              screens; the whole text is on larger screens. */}
          <div>
            <p className="text-sm font-bold uppercase tracking-[0.25em] text-teal-dark">
              {about.subtitle}
            </p>
            <h2 id="about-title" className="mt-3 text-4xl uppercase leading-tight md:text-5xl">
              {about.title}
            </h2>
            <span aria-hidden="true" className="mt-4 block h-1 w-14 rounded-full bg-gold" />
            {about.paragraphs.map((paragraph, index) => (
              <p
                key={index}
                className={`mt-5 leading-relaxed text-gray-700 ${index > 0 ? "hidden md:block" : ""}`}
              >
                {paragraph}
              </p>
            ))}
          </div>
          {about.image && (
            <div className="relative hidden md:block">
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
          <ul className="mx-auto mt-6 grid max-w-6xl grid-cols-3 gap-2 px-4 sm:gap-4 sm:px-6 md:mt-16">
            {about.highlights.map((item, index) => (
              <li
                key={index}
                className="rounded-2xl border-t-4 border-gold bg-ink p-3 text-center text-white shadow-lg sm:p-6"
              >
                <p className="font-display text-2xl uppercase text-teal sm:text-3xl">
                  {item.value}
                </p>
                <p className="mt-1 text-sm text-gray-200 sm:text-base">{item.label}</p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Section
        title={home.disciplines.title}
        subtitle={home.disciplines.subtitle}
        subtitleFromTablet
        className="bg-gray-50!"
      >
        {/* The spec's cards from a tablet up; on a phone a compact list, so the home stays
            within seven screens. Hidden images are lazy: a phone fetches none of
            the cards'. */}
        <ul className="hidden gap-6 md:grid md:grid-cols-2 lg:grid-cols-3">
          {disciplines.map((discipline) => (
            <li key={discipline.id}>
              <DisciplineCard {...discipline} variants={variants[discipline.image]} />
            </li>
          ))}
        </ul>
        <ul className="grid grid-cols-2 gap-2 md:hidden" aria-label={home.disciplines.title}>
          {disciplines.map((discipline) => (
            <li key={discipline.id}>
              <Link
                to={`/disciplines#${discipline.slug}`}
                className="flex h-full items-center gap-2 rounded-xl bg-white p-2 shadow-sm ring-1 ring-ink/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-dark"
              >
                <span className="block size-12 shrink-0 overflow-hidden rounded-lg bg-ink">
                  <ResponsiveImage
                    src={discipline.image}
                    variants={variants[discipline.image]}
                    alt=""
                    sizes="48px"
                    className="size-full object-cover"
                  />
                </span>
                <span className="min-w-0 font-display text-sm uppercase leading-tight text-ink">
                  {discipline.title}
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-center md:mt-8">
          <ButtonLink to="/disciplines" variant="dark">
            Voir toutes les disciplines
            <ArrowRight aria-hidden="true" className="size-5" />
          </ButtonLink>
        </p>
      </Section>

      <TeamSection
        title={home.team.title}
        subtitle={home.team.subtitle}
        members={home.team.members}
        variants={variants}
      />
      <TestimonialsSection
        title={home.testimonials.title}
        subtitle={home.testimonials.subtitle}
        quotes={home.testimonials.quotes}
      />

      <section aria-labelledby="free-trial-title" className="bg-white px-4 py-8 sm:px-6 md:py-24">
        <div className="relative mx-auto max-w-5xl overflow-hidden rounded-3xl bg-gold px-6 py-8 text-center text-ink shadow-2xl md:px-16 md:py-16">
          <div
            aria-hidden="true"
            className="absolute -right-16 -top-16 size-56 rounded-full border-[14px] border-ink/10"
          />
          <h2 id="free-trial-title" className="relative text-3xl uppercase md:text-5xl">
            {home.freeTrial.title}
          </h2>
          <p className="relative mx-auto mt-4 max-w-2xl leading-relaxed md:mt-5 md:text-lg">
            {home.freeTrial.text}
          </p>
          <div className="relative mt-6 flex flex-col justify-center gap-3 sm:flex-row md:mt-8 md:gap-4">
            <ButtonLink to="/essai" variant="dark">
              {home.freeTrial.primaryButtonText}
            </ButtonLink>
            <ButtonLink to="/planning" variant="outline-dark">
              <CalendarDays aria-hidden="true" className="size-5" />
              {home.freeTrial.secondaryButtonText}
            </ButtonLink>
          </div>
        </div>
      </section>

      <Section
        tone="dark"
        title={home.formats.title}
        subtitle={home.formats.subtitle}
        subtitleFromTablet
      >
        <ul className="grid gap-3 md:grid-cols-3 md:gap-6">
          {formats.map((format) => (
            <li key={format.id}>
              <article className="flex h-full flex-col rounded-2xl bg-white/5 p-4 ring-1 ring-white/10 transition-colors hover:bg-white/10 md:p-7">
                <div className="flex items-center gap-4 md:block">
                  <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-teal text-ink md:size-14">
                    <FormatIcon name={format.icon_name} />
                  </span>
                  <h3 className="text-2xl uppercase md:mt-5">{format.title}</h3>
                </div>
                {/* On a phone the title and its link only: the rest is on /entrainements. */}
                <p className="mt-1 hidden font-semibold text-gold md:block">{format.subtitle}</p>
                <p className="mt-3 hidden flex-1 leading-relaxed text-gray-300 md:block">
                  {format.description}
                </p>
                <Link
                  to={`/entrainements#format-${format.id}`}
                  className="mt-3 inline-flex items-center gap-2 self-start font-semibold text-teal hover:underline md:mt-5"
                >
                  Voir le détail<span className="sr-only"> : {format.title}</span>
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              </article>
            </li>
          ))}
        </ul>
      </Section>

      <HomeNews
        title={home.news.title}
        subtitle={home.news.subtitle}
        buttonText={home.news.buttonText}
        posts={posts}
        variants={variants}
      />
    </>
  );
}
