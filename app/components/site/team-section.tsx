import { elide } from "~/core/french";
import { Award } from "lucide-react";
import { Section } from "~/components/site/section";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import type { ImageVariant } from "~/storage/variants.server";

export interface TeamMember {
  name: string;
  role: string;
  diplomas: string[];
  photo: string;
}

/** The letters of a first name (and a last name or initial when given): "K", "SL". */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s.-]+/u)
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toLocaleUpperCase("fr-FR"))
    .join("");
}

/**
 * A member without a photo: a head-and-shoulders silhouette on the club's ink with their
 * initials in gold, rather than an empty frame or a broken image.
 */
function Avatar({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="relative block size-full bg-ink bg-[radial-gradient(circle_at_30%_20%,rgba(94,207,203,0.3),transparent_65%)]"
    >
      <svg viewBox="0 0 100 100" className="absolute inset-0 size-full text-teal/25">
        <circle cx="50" cy="40" r="17" fill="currentColor" />
        <path d="M14 100c0-24 16-38 36-38s36 14 36 38z" fill="currentColor" />
      </svg>
      <span className="absolute inset-x-0 bottom-[6%] text-center font-display text-xl uppercase tracking-wider text-gold sm:text-4xl">
        {initialsOf(name) || "?"}
      </span>
    </span>
  );
}

/**
 * « L'équipe »: the coaches and volunteers with their photo, role and diplomas, as the club
 * writes them in the content editor (home/team). Members without a name are left out.
 */
export function TeamSection({
  title,
  subtitle,
  members,
  variants,
}: {
  title: string;
  subtitle: string;
  members: TeamMember[];
  variants: Record<string, ImageVariant[]>;
}) {
  const shown = members.filter((member) => member.name.trim() !== "");
  if (shown.length === 0) return null;
  return (
    <Section id="equipe" title={title} subtitle={subtitle} subtitleFromTablet>
      {/* A phone lists the members in rows, a small portrait beside each; from a tablet
          up, cards with a square portrait. */}
      <ul className="grid gap-3 sm:grid-cols-2 sm:gap-6 lg:grid-cols-4">
        {shown.map((member, index) => (
          <li
            key={index}
            className="flex items-start gap-3 overflow-hidden rounded-2xl bg-gray-50 p-3 ring-1 ring-ink/5 sm:flex-col sm:items-stretch sm:gap-0 sm:p-0"
          >
            <div className="relative aspect-square w-16 shrink-0 overflow-hidden rounded-full border-2 border-gold sm:w-full sm:rounded-none sm:border-0 sm:border-b-4">
              {member.photo ? (
                <ResponsiveImage
                  src={member.photo}
                  variants={variants[member.photo]}
                  alt={`Portrait ${elide("de", member.name)}`}
                  width={800}
                  height={800}
                  sizes="(min-width: 1152px) 270px, (min-width: 1024px) 25vw, (min-width: 640px) 50vw, 64px"
                  className="size-full object-cover"
                />
              ) : (
                <Avatar name={member.name} />
              )}
            </div>
            <div className="flex min-w-0 flex-1 flex-col sm:p-5">
              <h3 className="text-xl uppercase leading-tight text-ink sm:text-2xl">
                {member.name}
              </h3>
              {member.role && (
                <p className="text-sm leading-snug text-gray-700 sm:mt-1 sm:text-base">
                  {member.role}
                </p>
              )}
              {member.diplomas.some((diploma) => diploma.trim() !== "") && (
                <ul aria-label="Diplômes" className="mt-2 flex flex-wrap gap-1.5 sm:mt-3">
                  {member.diplomas
                    .filter((diploma) => diploma.trim() !== "")
                    .map((diploma, i) => (
                      <li
                        key={i}
                        className="inline-flex items-center gap-1 rounded-full bg-teal-light px-2.5 py-1 text-xs font-semibold text-teal-dark"
                      >
                        <Award aria-hidden="true" className="size-3.5 shrink-0" />
                        {diploma}
                      </li>
                    ))}
                </ul>
              )}
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
