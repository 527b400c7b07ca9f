import { Link } from "react-router";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { HOME_LATEST_POSTS } from "~/content/defaults";
import { formatFrenchDate } from "~/content/dates";
import { excerpt, HOME_EXCERPT_LENGTH } from "~/content/excerpt";
import { getPageContent } from "~/models/content.server";
import { getDisciplines } from "~/models/discipline.server";
import { getImageVariants } from "~/models/image.server";
import { getLatestPublishedPosts } from "~/models/post.server";
import { getTrainingFormats } from "~/models/training-format.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/home";

export async function loader() {
  const [hero, about, home, disciplines, formats, posts] = await Promise.all([
    getPageContent({ category: "hero" }),
    getPageContent({ category: "about" }),
    getPageContent({ category: "home" }),
    getDisciplines(),
    getTrainingFormats(),
    getLatestPublishedPosts({ limit: HOME_LATEST_POSTS }),
  ]);
  const variants = await getImageVariants({
    urls: [
      hero.main.backgroundImage,
      about.main.image,
      ...disciplines.map((d) => d.image),
      ...formats.map((f) => f.image),
      ...posts.map((p) => p.image_url),
    ],
  });
  return { hero: hero.main, about: about.main, home, disciplines, formats, posts, variants };
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
  const { hero, about, home, disciplines, formats, posts, variants } = loaderData;
  return (
    <>
      <section className="relative flex min-h-[70vh] items-center overflow-hidden bg-gradient-to-br from-teal-dark to-ink text-white md:min-h-screen">
        {hero.backgroundImage && (
          <div className="absolute inset-0 opacity-50">
            <ResponsiveImage
              src={hero.backgroundImage}
              variants={variants[hero.backgroundImage]}
              alt=""
              priority
              className="size-full object-cover"
            />
          </div>
        )}
        <div className="relative mx-auto max-w-5xl px-4 py-24 text-center">
          <h1 className="text-4xl font-extrabold tracking-tight md:text-6xl">{hero.title}</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg md:text-xl">{hero.subtitle}</p>
          <div className="mt-10 flex flex-wrap justify-center gap-4">
            <Link
              to={hero.primaryButtonLink || "/contact"}
              className="rounded-full bg-gold px-6 py-3 font-semibold text-ink"
            >
              {hero.primaryButtonText}
            </Link>
            <Link
              to={hero.secondaryButtonLink || "/disciplines"}
              className="rounded-full border-2 border-white px-6 py-3 font-semibold"
            >
              {hero.secondaryButtonText}
            </Link>
          </div>
        </div>
      </section>

      <section className="mx-auto grid max-w-6xl gap-10 px-4 py-16 md:grid-cols-2 md:items-center">
        <div>
          <h2 className="text-3xl font-bold">{about.title}</h2>
          <p className="mt-2 text-lg text-teal-dark">{about.subtitle}</p>
          {about.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-4 text-gray-700">
              {paragraph}
            </p>
          ))}
        </div>
        {about.image && (
          <ResponsiveImage
            src={about.image}
            variants={variants[about.image]}
            alt=""
            sizes="(min-width: 768px) 50vw, 100vw"
            className="rounded-2xl shadow-lg"
          />
        )}
      </section>

      <section className="bg-gray-50 py-16">
        <div className="mx-auto max-w-6xl px-4">
          <h2 className="text-center text-3xl font-bold">{home.disciplines.title}</h2>
          <p className="mx-auto mt-2 max-w-2xl text-center text-gray-600">
            {home.disciplines.subtitle}
          </p>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {disciplines.map((discipline) => (
              <li key={discipline.id} className="overflow-hidden rounded-2xl bg-white shadow">
                <ResponsiveImage
                  src={discipline.image}
                  variants={variants[discipline.image]}
                  alt={discipline.title}
                  sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                  className="aspect-[16/10] w-full object-cover"
                />
                <div className="p-5">
                  <h3 className="text-xl font-bold">{discipline.title}</h3>
                  <p className="mt-2 line-clamp-3 text-gray-700">{discipline.description}</p>
                  <Link
                    to={`/disciplines#${discipline.slug}`}
                    className="mt-4 inline-block font-semibold text-teal-dark"
                  >
                    En savoir plus
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16">
        <h2 className="text-center text-3xl font-bold">{home.formats.title}</h2>
        <p className="mx-auto mt-2 max-w-2xl text-center text-gray-600">{home.formats.subtitle}</p>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {formats.map((format) => (
            <li key={format.id} className="rounded-2xl border border-gray-200 p-6">
              <h3 className="text-xl font-bold">{format.title}</h3>
              <p className="mt-1 text-teal-dark">{format.subtitle}</p>
              <p className="mt-3 text-gray-700">{format.description}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-ink py-16 text-center text-white">
        <h2 className="text-3xl font-bold text-gold">{home.freeTrial.title}</h2>
        <p className="mx-auto mt-4 max-w-2xl px-4">{home.freeTrial.text}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <Link to="/contact" className="rounded-full bg-teal px-6 py-3 font-semibold text-ink">
            {home.freeTrial.primaryButtonText}
          </Link>
          <Link
            to="/planning"
            className="rounded-full border-2 border-white px-6 py-3 font-semibold"
          >
            {home.freeTrial.secondaryButtonText}
          </Link>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16">
        <h2 className="text-center text-3xl font-bold">{home.news.title}</h2>
        <p className="mx-auto mt-2 max-w-2xl text-center text-gray-600">{home.news.subtitle}</p>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {posts.map((post) => (
            <li key={post.id} className="overflow-hidden rounded-2xl bg-white shadow">
              <ResponsiveImage
                src={post.image_url}
                variants={variants[post.image_url]}
                alt=""
                sizes="(min-width: 768px) 33vw, 100vw"
                className="aspect-[16/10] w-full object-cover"
              />
              <div className="p-5">
                <p className="text-sm text-gray-600">{formatFrenchDate(post.published_at)}</p>
                <h3 className="mt-1 text-lg font-bold">
                  <Link to={`/blog/${post.slug}`}>{post.title}</Link>
                </h3>
                <p className="mt-2 text-gray-700">{excerpt(post, HOME_EXCERPT_LENGTH)}</p>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center">
          <Link to="/blog" className="rounded-full bg-ink px-6 py-3 font-semibold text-white">
            {home.news.buttonText}
          </Link>
        </p>
      </section>
    </>
  );
}
