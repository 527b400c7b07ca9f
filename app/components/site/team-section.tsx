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
 * A member without a photo: their initials on the club's ink, ringed in gold, rather
 * than an empty frame or a broken image.
 */
function Avatar({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-full items-center justify-center bg-ink bg-[radial-gradient(circle_at_30%_20%,rgba(94,207,203,0.35),transparent_60%)] font-display text-5xl uppercase text-gold md:text-6xl"
    >
      {initialsOf(name) || "?"}
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
    <Section id="equipe" title={title} subtitle={subtitle}>
      <ul className="grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4">
        {shown.map((member, index) => (
          <li
            key={index}
            className="flex flex-col overflow-hidden rounded-2xl bg-gray-50 ring-1 ring-ink/5"
          >
            <div className="relative aspect-square overflow-hidden border-b-4 border-gold">
              {member.photo ? (
                <ResponsiveImage
                  src={member.photo}
                  variants={variants[member.photo]}
                  alt={`${member.name}, ${member.role}`}
                  width={800}
                  height={800}
                  sizes="(min-width: 1152px) 270px, (min-width: 1024px) 25vw, 50vw"
                  className="size-full object-cover"
                />
              ) : (
                <Avatar name={member.name} />
              )}
            </div>
            <div className="flex flex-1 flex-col p-3 sm:p-5">
              <h3 className="text-xl uppercase leading-tight text-ink sm:text-2xl">
                {member.name}
              </h3>
              {member.role && (
                <p className="mt-1 text-sm leading-snug text-gray-700 sm:text-base">
                  {member.role}
                </p>
              )}
              {member.diplomas.some((diploma) => diploma.trim() !== "") && (
                <ul aria-label="Diplômes" className="mt-3 flex flex-wrap gap-1.5">
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
