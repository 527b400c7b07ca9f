import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/components/ui/cn";

/**
 * The top of an article or an activity's page: the link back to its list, its category on
 * a gold label, its title. `large`: an activity's, over its picture.
 */
export function ArticleHeading({
  backTo,
  backText,
  category,
  title,
  large = false,
}: {
  backTo: string;
  backText: string;
  category: string;
  title: string;
  large?: boolean;
}) {
  return (
    <>
      <Link
        to={backTo}
        className="focus-light inline-flex items-center gap-2 text-sm font-semibold text-teal hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {backText}
      </Link>
      <p className="mt-6">
        <span
          className={cn(
            "inline-block rounded-full bg-gold px-3 py-1 font-bold uppercase tracking-wide text-ink",
            large ? "text-sm" : "text-xs",
          )}
        >
          {category}
        </span>
      </p>
      <h1
        className={cn(
          "mt-4 text-4xl tracking-tight",
          large ? "md:text-6xl" : "leading-tight md:text-5xl",
        )}
      >
        {title}
      </h1>
    </>
  );
}
