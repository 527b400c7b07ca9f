import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// The one URL map: French URLs on the left, English file names on the right.
export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("disciplines", "routes/site/disciplines.tsx"),
    route("entrainements", "routes/site/training.tsx"),
    route("entreprise", "routes/site/company.tsx"),
    route("contact", "routes/site/messages/contact.tsx"),
    route("infos-pratiques", "routes/site/practical-info.tsx"),
    route("tarifs", "routes/site/prices.tsx"),
    route("planning", "routes/site/schedule/planning.tsx"),
    route("activite/:id", "routes/site/schedule/activity.tsx"),
    route("blog", "routes/site/blog.tsx"),
    route("blog/:slug", "routes/site/blog-post.tsx"),
    route("inscription", "routes/site/inscription.tsx"),
    route("mentions-legales", "routes/site/legal-notice.tsx"),
    route("confidentialite", "routes/site/privacy.tsx"),
    // Trial booking: activity, session, form, confirmation; the e-mail's link.
    route("essai", "routes/site/trials/trial.tsx"),
    route("essai/:activityId", "routes/site/trials/trial-sessions.tsx"),
    route("essai/:activityId/:date", "routes/site/trials/trial-book.tsx"),
    route("essai/confirmation", "routes/site/trials/trial-confirmed.tsx"),
    route("essai/annuler/:token", "routes/site/trials/trial-cancel.tsx"),
    // The renewal mail's unsubscribe link.
    route("adhesion/desabonnement/:token", "routes/site/membership/membership-optout.tsx"),
    // Online membership: the first step, then the file's pages behind its link.
    route("adhesion", "routes/site/membership/membership.tsx"),
    route("adhesion/renouveler/:token", "routes/site/membership/membership-renew.tsx"),
    route("adhesion/dossier/:token", "routes/site/membership/membership-file.tsx"),
    route("adhesion/dossier/:token/coordonnees", "routes/site/membership/membership-household.tsx"),
    route("adhesion/dossier/:token/membres", "routes/site/membership/membership-members.tsx"),
    route("adhesion/dossier/:token/membres/:key", "routes/site/membership/membership-member.tsx"),
    route(
      "adhesion/dossier/:token/responsables",
      "routes/site/membership/membership-guardians.tsx",
    ),
    route(
      "adhesion/dossier/:token/autorisations",
      "routes/site/membership/membership-consents.tsx",
    ),
    route("adhesion/dossier/:token/recapitulatif", "routes/site/membership/membership-summary.tsx"),
    route("adhesion/dossier/:token/paiement", "routes/site/membership/membership-payment.tsx"),
    // Published site pages at their slug, else the English 404.
    route("*", "routes/site/site-page.tsx"),
  ]),
  // The printable price list (spec §5) stands alone, without the site's bar and footer.
  route("tarifs/imprimer", "routes/site/prices-print.tsx"),
  route("healthz", "routes/resources/healthz.ts"),
  route("sitemap.xml", "routes/resources/sitemap.xml.ts"),
  route("robots.txt", "routes/resources/robots.txt.ts"),
  route("blog/rss.xml", "routes/resources/rss.xml.ts"),
  route("planning.ics", "routes/site/schedule/planning.ics.ts"),
  // A member's payment attestation, from the household's file link.
  route(
    "adhesion/dossier/:token/attestation/:file",
    "routes/site/membership/membership-attestation.ts",
  ),
  route("adhesion/dossier/:token/donnees", "routes/site/membership/membership-data.ts"),
  // Card payment through HelloAsso: off to its page, back, and its notifications.
  route("adhesion/dossier/:token/carte", "routes/site/helloasso/helloasso-card.ts"),
  route("adhesion/dossier/:token/carte/retour", "routes/site/helloasso/helloasso-card-return.ts"),
  route("api/helloasso/notification", "routes/site/helloasso/helloasso-notification.ts"),
  // Back office: every loader and action of routes/admin/* calls requireCapability (or
  // requireUser) itself, with the capability of app/domains/volunteers/capabilities.ts it needs.
  route("admin/login", "routes/auth/login.tsx"),
  route("admin/login/code", "routes/auth/login-code.tsx"),
  route("admin/logout", "routes/auth/logout.tsx"),
  // A volunteer's invitation, and the password reset by e-mail (their links carry a token).
  route("admin/invitation/:token", "routes/auth/invitation.tsx"),
  route("admin/mot-de-passe-oublie", "routes/auth/forgot-password.tsx"),
  route("admin/reinitialiser/:token", "routes/auth/reset-password.tsx"),
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard/dashboard.tsx", { id: "routes/admin/dashboard-index" }),
      route("dashboard", "routes/admin/dashboard/dashboard.tsx"),
      route("content", "routes/admin/content/content.tsx"),
      route("menu", "routes/admin/content/menu.tsx"),
      route("settings", "routes/admin/content/settings.tsx"),
      route("settings/account", "routes/admin/volunteers/account.tsx"),
      route("settings/paiement", "routes/admin/helloasso/helloasso-settings.tsx"),
      route("blog", "routes/admin/content/blog.tsx"),
      route("blog/:id/apercu", "routes/admin/content/blog-preview.tsx"),
      route("media", "routes/admin/content/media.tsx"),
      route("schedule", "routes/admin/schedule/schedule.tsx"),
      route("disciplines", "routes/admin/content/disciplines.tsx"),
      route("training", "routes/admin/content/training.tsx"),
      route("pages", "routes/admin/content/pages.tsx"),
      route("inscriptions", "routes/admin/content/inscriptions.tsx"),
      route("tarifs", "routes/admin/content/prices.tsx"),
      route("messages", "routes/admin/messages/messages.tsx"),
      route("essais", "routes/admin/trials/trials.tsx"),
      route("benevoles", "routes/admin/volunteers/volunteers.tsx"),
      route("journal", "routes/admin/history/journal.tsx"),
      route("corbeille", "routes/admin/history/trash.tsx"),
      route("sauvegardes", "routes/admin/backups/backups.tsx"),
      // Membership: the files, one file's desk, a member's page, the cheques.
      route("adhesions", "routes/admin/membership/membership-files.tsx"),
      route("adhesions/dossiers/:id", "routes/admin/membership/membership-file.tsx"),
      route("adhesions/adherents/:registrationId", "routes/admin/membership/membership-member.tsx"),
      route("adhesions/cheques", "routes/admin/membership/membership-cheques.tsx"),
      // Membership: seasons and tariffs, the figures.
      route("adhesions/saisons", "routes/admin/membership/membership-seasons.tsx"),
      route("adhesions/saisons/:id", "routes/admin/membership/membership-season.tsx"),
      route("adhesions/bilan", "routes/admin/membership/membership-figures.tsx"),
    ]),
    // Resource routes (no UI): UploadField posts files here and its picker reads the
    // library's images; the trial bookings' export.
    route("upload", "routes/admin/content/upload.ts"),
    route("media/images", "routes/admin/content/media-images.ts"),
    route("essais/export.csv", "routes/admin/trials/trials-csv.ts"),
    route("sauvegardes/:name", "routes/admin/backups/backup-download.ts"),
    route("adhesions/cheques/bordereau.csv", "routes/admin/membership/membership-cheques-csv.ts"),
    route(
      "adhesions/adherents/:registrationId/attestation.pdf",
      "routes/admin/membership/membership-attestation.ts",
    ),
    // The membership's CSV exports (federation, insurer, payments, figures).
    route("adhesions/export/:kind", "routes/admin/membership/membership-export.ts"),
    // The Historique panel of every editor: versions, their differences, the restore.
    route("historique", "routes/admin/history/history.ts"),
  ]),
] satisfies RouteConfig;
