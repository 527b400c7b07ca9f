import {
  Briefcase,
  CalendarDays,
  Dumbbell,
  Heart,
  HeartPulse,
  Shield,
  Target,
  Trophy,
  Users,
  type LucideIcon,
} from "lucide-react";

/** The lucide icons an admin can name in content (formats: Users, Target, Heart, spec §9). */
const ICONS: Record<string, LucideIcon> = {
  Users,
  Target,
  Heart,
  Briefcase,
  CalendarDays,
  Dumbbell,
  HeartPulse,
  Shield,
  Trophy,
};

/** The names an admin can choose (content editor's icon fields). */
export const FORMAT_ICON_NAMES: readonly string[] = Object.keys(ICONS);

/** A named lucide icon, decorative; an unknown name shows the default Users icon. */
export function FormatIcon({ name, className = "size-7" }: { name: string; className?: string }) {
  const Icon = ICONS[name] ?? Users;
  return <Icon aria-hidden="true" className={className} strokeWidth={2} />;
}
