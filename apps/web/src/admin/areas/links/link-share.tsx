// The link to send a customer: its init_point to copy and a QR code of it. The QR code is drawn in the browser
// (the `qrcode` package, loaded only with this area: never in the shop's bundle) as a PNG data URL, which the CSP
// allows (`img-src data:`).
import { QrCodeImage } from "@cobro/ui";
import { toDataURL } from "qrcode";
import { useEffect, useState } from "react";
import { useI18n } from "../../../i18n/i18n-context";

export function LinkShare({ initPoint }: { initPoint: string }) {
  const { t } = useI18n();
  const [png, setPng] = useState("");
  useEffect(() => {
    let live = true;
    toDataURL(initPoint, { errorCorrectionLevel: "M", margin: 1, width: 448 })
      .then((url) => {
        if (live) setPng(url);
      })
      .catch(() => {
        // No canvas (an old browser): the link is still there to copy.
        if (live) setPng("");
      });
    return () => {
      live = false;
    };
  }, [initPoint]);
  return (
    <div data-testid="link-share">
      <QrCodeImage
        base64Png={png}
        code={initPoint}
        alt={t("admin.links.share.qrAlt")}
        codeLabel={t("admin.links.share.code")}
        copyLabel={t("admin.links.share.copy")}
        copiedLabel={t("admin.links.share.copied")}
        copyFailedLabel={t("admin.links.share.copyFailed")}
      />
    </div>
  );
}
