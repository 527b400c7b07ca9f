import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// The one URL map: French URLs on the left, English file names on the right.
export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("disciplines", "routes/site/disciplines.tsx"),
    route("entrainements", "routes/site/training.tsx"),
    route("entreprise", "routes/site/company.tsx"),
    route("contact", "routes/site/contact.tsx"),
    route("infos-pratiques", "routes/site/practical-info.tsx"),
    route("tarifs", "routes/site/prices.tsx"),
    route("planning", "routes/site/planning.tsx"),
    route("activite/:id", "routes/site/activity.tsx"),
    route("blog", "routes/site/blog.tsx"),
    route("blog/:slug", "routes/site/blog-post.tsx"),
    route("inscription", "routes/site/inscription.tsx"),
    route("mentions-legales", "routes/site/legal-notice.tsx"),
    route("confidentialite", "routes/site/privacy.tsx"),
    // Trial booking: activity, session, form, confirmation; the e-mail's link.
    route("essai", "routes/site/trial.tsx"),
    route("essai/:activityId", "routes/site/trial-sessions.tsx"),
    route("essai/:activityId/:date", "routes/site/trial-book.tsx"),
    route("essai/confirmation", "routes/site/trial-confirmed.tsx"),
    route("essai/annuler/:token", "routes/site/trial-cancel.tsx"),
    // The renewal mail's unsubscribe link.
    route("adhesion/desabonnement/:token", "routes/site/membership-optout.tsx"),
    // Online membership: the first step, then the file's pages behind its link.
    route("adhesion", "routes/site/membership.tsx"),
    route("adhesion/renouveler/:token", "routes/site/membership-renew.tsx"),
    route("adhesion/dossier/:token", "routes/site/membership-file.tsx"),
    route("adhesion/dossier/:token/coordonnees", "routes/site/membership-household.tsx"),
    route("adhesion/dossier/:token/membres", "routes/site/membership-members.tsx"),
    route("adhesion/dossier/:token/membres/:key", "routes/site/membership-member.tsx"),
    route("adhesion/dossier/:token/responsables", "routes/site/membership-guardians.tsx"),
    route("adhesion/dossier/:token/autorisations", "routes/site/membership-consents.tsx"),
    route("adhesion/dossier/:token/recapitulatif", "routes/site/membership-summary.tsx"),
    route("adhesion/dossier/:token/paiement", "routes/site/membership-payment.tsx"),
    // Published site pages at their slug, else the English 404.
    route("*", "routes/site/site-page.tsx"),
  ]),
  // The printable price list (spec §5) stands alone, without the site's bar and footer.
  route("tarifs/imprimer", "routes/site/prices-print.tsx"),
  route("healthz", "routes/resources/healthz.ts"),
  route("sitemap.xml", "routes/resources/sitemap.xml.ts"),
  route("robots.txt", "routes/resources/robots.txt.ts"),
  route("blog/rss.xml", "routes/resources/rss.xml.ts"),
  route("planning.ics", "routes/resources/planning.ics.ts"),
  // A member's payment attestation, from the household's file link.
  route("adhesion/dossier/:token/attestation/:file", "routes/site/membership-attestation.ts"),
  route("adhesion/dossier/:token/donnees", "routes/resources/membership-data.ts"),
  // Card payment through HelloAsso: off to its page, back, and its notifications.
  route("adhesion/dossier/:token/carte", "routes/resources/membership-card.ts"),
  route("adhesion/dossier/:token/carte/retour", "routes/resources/membership-card-return.ts"),
  route("api/helloasso/notification", "routes/resources/helloasso-notification.ts"),
  // Back office: every loader and action of routes/admin/* calls requireCapability (or
  // requireUser) itself, with the capability of app/utils/capabilities.ts it needs.
  route("admin/login", "routes/auth/login.tsx"),
  route("admin/login/code", "routes/auth/login-code.tsx"),
  route("admin/logout", "routes/auth/logout.tsx"),
  // A volunteer's invitation, and the password reset by e-mail (their links carry a token).
  route("admin/invitation/:token", "routes/auth/invitation.tsx"),
  route("admin/mot-de-passe-oublie", "routes/auth/forgot-password.tsx"),
  route("admin/reinitialiser/:token", "routes/auth/reset-password.tsx"),
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx", { id: "routes/admin/dashboard-index" }),
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("content", "routes/admin/content.tsx"),
      route("menu", "routes/admin/menu.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("settings/account", "routes/admin/account.tsx"),
      route("settings/paiement", "routes/admin/payment-settings.tsx"),
      route("blog", "routes/admin/blog.tsx"),
      route("blog/:id/apercu", "routes/admin/blog-preview.tsx"),
      route("media", "routes/admin/media.tsx"),
      route("schedule", "routes/admin/schedule.tsx"),
      route("disciplines", "routes/admin/disciplines.tsx"),
      route("training", "routes/admin/training.tsx"),
      route("pages", "routes/admin/pages.tsx"),
      route("inscriptions", "routes/admin/inscriptions.tsx"),
      route("tarifs", "routes/admin/prices.tsx"),
      route("messages", "routes/admin/messages.tsx"),
      route("essais", "routes/admin/trials.tsx"),
      route("benevoles", "routes/admin/volunteers.tsx"),
      route("journal", "routes/admin/journal.tsx"),
      route("corbeille", "routes/admin/trash.tsx"),
      route("sauvegardes", "routes/admin/backups.tsx"),
      // Membership: the files, one file's desk, a member's page, the cheques.
      route("adhesions", "routes/admin/membership-files.tsx"),
      route("adhesions/dossiers/:id", "routes/admin/membership-file.tsx"),
      route("adhesions/adherents/:registrationId", "routes/admin/membership-member.tsx"),
      route("adhesions/cheques", "routes/admin/membership-cheques.tsx"),
      // Membership: seasons and tariffs, the figures.
      route("adhesions/saisons", "routes/admin/membership-seasons.tsx"),
      route("adhesions/saisons/:id", "routes/admin/membership-season.tsx"),
      route("adhesions/bilan", "routes/admin/membership-figures.tsx"),
    ]),
    // Resource routes (no UI): UploadField posts files here and its picker reads the
    // library's images; the trial bookings' export.
    route("upload", "routes/admin/upload.ts"),
    route("media/images", "routes/admin/media-images.ts"),
    route("essais/export.csv", "routes/admin/trials-csv.ts"),
    route("sauvegardes/:name", "routes/admin/backup-download.ts"),
    route("adhesions/cheques/bordereau.csv", "routes/admin/membership-cheques-csv.ts"),
    route(
      "adhesions/adherents/:registrationId/attestation.pdf",
      "routes/admin/membership-attestation.ts",
    ),
    // The membership's CSV exports (federation, insurer, payments, figures).
    route("adhesions/export/:kind", "routes/admin/membership-export.ts"),
    // The Historique panel of every editor: versions, their differences, the restore.
    route("historique", "routes/admin/history.ts"),
  ]),
] satisfies RouteConfig;
