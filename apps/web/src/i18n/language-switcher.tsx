import { useDomId } from "@cobro/ui";
import { useI18n } from "./i18n-context";
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from "./locale";

/** A compact language picker for the header; the choice is saved for the next visit. */
export function LanguageSwitcher() {
  const { language, setLanguage, t } = useI18n();
  const id = useDomId("language");
  return (
    <div className="ui-inline-field">
      <label className="ui-visually-hidden" htmlFor={id}>
        {t("language.label")}
      </label>
      <select
        id={id}
        className="ui-inline-select"
        value={language}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (isLanguage(next)) setLanguage(next);
        }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
