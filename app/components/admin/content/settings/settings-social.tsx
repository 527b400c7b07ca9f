import { ImageIcon, Plus, Upload } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { UploadField } from "~/components/admin/forms/upload-field";
import { Button } from "~/components/ui/button";
import { RemoveButton } from "~/components/ui/remove-button";
import { useConfirmAction } from "~/components/ui/confirm-dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { SOCIAL_NETWORKS, type Settings, type SocialNetwork } from "~/domains/content/defaults";
import { SettingsCard, type SectionProps } from "./settings-sections";
import {
  ICON_NETWORKS,
  NETWORK_LABELS,
  SETTINGS_MESSAGES,
} from "~/domains/content/settings-schema";
import { own } from "~/utils/own";

const NETWORK_OPTIONS = SOCIAL_NETWORKS.map((network) => ({
  value: network,
  label: NETWORK_LABELS[network],
}));

let created = 0;

/** The social links shown in the footer: network, address, and a name for 'Autre'. */
export function SocialLinksSettings({ values, error, onChange }: SectionProps<"social">) {
  const confirm = useConfirmAction();
  const links = values.links;
  const set = (next: typeof links) => onChange({ ...values, links: next });

  async function remove(index: number) {
    const link = links[index]!;
    const ok = await confirm({
      title: `Supprimer le lien ${own(NETWORK_LABELS, link.name) ?? ""} ?`,
      description: "Il disparaîtra du pied de page après la sauvegarde.",
    });
    if (ok) set(links.filter((_, i) => i !== index));
  }

  return (
    <SettingsCard
      title="Réseaux sociaux"
      description="Les liens affichés avec leurs icônes en bas de chaque page."
    >
      {links.length === 0 && <p className="text-sm text-gray-600 italic">Aucun lien.</p>}
      <ol className="flex flex-col gap-3">
        {links.map((link, index) => {
          const at = (field: string) => error(`links.${index}.${field}`);
          const update = (patch: Partial<(typeof links)[number]>) =>
            set(links.map((l, i) => (i === index ? { ...l, ...patch } : l)));
          return (
            <li
              key={link.id}
              className="flex flex-col gap-3 rounded-md border border-gray-200 bg-gray-50 p-3 sm:flex-row sm:items-start"
            >
              <Field label={`Réseau du lien ${index + 1}`} error={at("name")} className="sm:w-44">
                <Select
                  value={link.name}
                  options={NETWORK_OPTIONS}
                  onChange={(event) => {
                    const name = event.target.value as SocialNetwork;
                    update({ name, icon: name === "link" ? "" : name });
                  }}
                />
              </Field>
              <Field
                label={`Adresse du lien ${index + 1}`}
                error={at("url")}
                required
                className="min-w-0 flex-1"
              >
                <Input
                  type="url"
                  inputMode="url"
                  placeholder="https://…"
                  value={link.url}
                  onChange={(event) => update({ url: event.target.value })}
                />
              </Field>
              {link.name === "link" && (
                <Field
                  label={`Nom affiché du lien ${index + 1}`}
                  error={at("icon")}
                  className="sm:w-44"
                >
                  <Input
                    value={link.icon}
                    placeholder="Site web"
                    onChange={(event) => update({ icon: event.target.value })}
                  />
                </Field>
              )}
              <RemoveButton className="self-start sm:mt-7" onClick={() => remove(index)}>
                Supprimer le lien {index + 1}
              </RemoveButton>
            </li>
          );
        })}
      </ol>
      <div>
        <Button
          variant="secondary"
          size="sm"
          disabled={links.length >= 20}
          onClick={() =>
            set([
              ...links,
              {
                id: `lien-${Date.now()}-${++created}`,
                name: "facebook",
                url: "",
                icon: "facebook",
              },
            ])
          }
        >
          <Plus aria-hidden="true" className="size-4" />
          Ajouter un lien
        </Button>
      </div>
    </SettingsCard>
  );
}

type IconNetwork = (typeof ICON_NETWORKS)[number];

/**
 * An uploaded icon per network (settings social_icons), saved at once: choose the network,
 * then the image. The generic 'Autre' has no icon of its own.
 */
export function SocialIconsSettings({
  icons,
  busy,
  onUploaded,
  onRemove,
}: {
  icons: Settings<"social_icons">;
  busy: boolean;
  onUploaded: (network: IconNetwork, url: string) => void;
  onRemove: (network: IconNetwork) => void;
}) {
  const confirm = useConfirmAction();
  const [network, setNetwork] = useState<string>("");
  const [needNetwork, setNeedNetwork] = useState(false);
  const selectId = useId();
  const chosen = (ICON_NETWORKS as readonly string[]).includes(network)
    ? (network as IconNetwork)
    : null;

  function refuse() {
    setNeedNetwork(true);
    toast.error(SETTINGS_MESSAGES.networkFirst);
    document.getElementById(selectId)?.focus();
  }

  async function remove(target: IconNetwork) {
    const label = NETWORK_LABELS[target];
    if (
      await confirm({
        title: `Supprimer l'icône ${label} ?`,
        description: "L'icône par défaut la remplacera dans le pied de page.",
      })
    ) {
      onRemove(target);
    }
  }

  return (
    <SettingsCard
      title="Icônes des réseaux"
      description="Une image par réseau, affichée dans le pied de page à la place de l'icône par défaut. Enregistrée dès l'envoi."
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <Field
          id={selectId}
          label="Réseau social de l'icône"
          className="sm:w-56"
          error={needNetwork && !chosen ? SETTINGS_MESSAGES.networkFirst : null}
        >
          <Select
            value={network}
            onChange={(event) => {
              setNetwork(event.target.value);
              setNeedNetwork(false);
            }}
          >
            <option value="">Choisir un réseau…</option>
            {NETWORK_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </Field>
        <div className="min-w-0 flex-1">
          {chosen ? (
            <UploadField
              key={chosen}
              kind="image"
              bucket="site-images"
              subpath="social-icons"
              label={`Icône ${NETWORK_LABELS[chosen]}`}
              value={icons[chosen] || undefined}
              previewAlt={`Icône ${NETWORK_LABELS[chosen]}`}
              disabled={busy}
              onUploaded={(file) => onUploaded(chosen, file.url)}
            />
          ) : (
            <div className="flex flex-col gap-2">
              <span className="text-sm font-semibold text-ink">Icône</span>
              <div>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={refuse}
                  aria-describedby={needNetwork ? `${selectId}-erreur` : undefined}
                >
                  <Upload aria-hidden="true" className="size-4" />
                  Choisir une icône
                </Button>
              </div>
            </div>
          )}
        </div>
      </div>
      <ul
        className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3"
        aria-label="Icônes enregistrées"
      >
        {ICON_NETWORKS.map((target) => {
          const url = icons[target];
          const label = NETWORK_LABELS[target];
          return (
            <li
              key={target}
              className="flex min-h-14 items-center gap-3 rounded-md border border-gray-200 px-3 py-2"
            >
              <span className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-ink">
                {url ? (
                  <img
                    src={url}
                    alt={`Icône ${label}`}
                    width={24}
                    height={24}
                    className="size-6 object-contain"
                  />
                ) : (
                  <ImageIcon aria-hidden="true" className="size-5 text-gray-300" />
                )}
              </span>
              <span className="min-w-0 flex-1 text-sm">
                <span className="block font-semibold text-ink">{label}</span>
                <span className="text-gray-600">
                  {url ? "Icône personnalisée" : "Icône par défaut"}
                </span>
              </span>
              {url && (
                <RemoveButton
                  size="icon"
                  disabled={busy}
                  aria-label={`Supprimer l'icône ${label}`}
                  onClick={() => remove(target)}
                ></RemoveButton>
              )}
            </li>
          );
        })}
      </ul>
    </SettingsCard>
  );
}
