import { isWebUrl } from "~/core/url";
import {
  Facebook,
  Globe,
  Instagram,
  Linkedin,
  MessageCircle,
  Music2,
  Youtube,
  type LucideIcon,
} from "lucide-react";
import type { SocialLink } from "~/domains/content/defaults";
import { own } from "~/utils/own";

const NETWORKS: Record<string, { label: string; Icon: LucideIcon }> = {
  facebook: { label: "Facebook", Icon: Facebook },
  instagram: { label: "Instagram", Icon: Instagram },
  whatsapp: { label: "WhatsApp", Icon: MessageCircle },
  youtube: { label: "YouTube", Icon: Youtube },
  linkedin: { label: "LinkedIn", Icon: Linkedin },
  tiktok: { label: "TikTok", Icon: Music2 },
  link: { label: "Site web", Icon: Globe },
};

/**
 * The club's social links (settings.social.links), each with the uploaded icon of its
 * network (settings.social_icons) or else a lucide icon, named for screen readers.
 */
export function SocialLinks({
  links,
  icons,
}: {
  links: SocialLink[];
  icons: Record<string, string>;
}) {
  const shown = links.filter((link) => isWebUrl(link.url));
  if (shown.length === 0) return null;
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label="Réseaux sociaux">
      {shown.map((link, index) => {
        // The name and the icons are stored settings: own keys only.
        const network = own(NETWORKS, link.name) ?? NETWORKS.link!;
        const label = link.name === "link" && link.icon ? link.icon : network.label;
        const image = own(icons, link.name);
        return (
          <li key={link.id || `${link.name}-${index}`}>
            <a
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${label} (nouvel onglet)`}
              className="flex size-11 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-teal hover:text-ink"
            >
              {image ? (
                <img
                  src={image}
                  alt=""
                  width={22}
                  height={22}
                  className="size-5.5 object-contain"
                />
              ) : (
                <network.Icon aria-hidden="true" className="size-5" />
              )}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
