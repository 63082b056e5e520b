import type { ReactNode } from 'react';
import { ChunkLoadFailed } from '../../components/ChunkErrorBoundary.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { useClientConfig } from '../../features/clientConfig/useClientConfig.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { useTranslation } from '../../i18n/useTranslation.ts';

export const MINIMUM_AGE = 13;

/**
 * The frame of the static legal pages. Their text exists in Vietnamese only (it is the binding version), so the
 * article is marked `lang="vi"` and readers of another UI language get a one-line note saying so. `title` is the
 * document's Vietnamese heading; `documentTitle` is the browser tab's title in the UI language. The text names the
 * operator's contact address and support page (ContactEmailLink, SupportPageLink), so it waits for the settings.
 */
export function LegalDocument(props: {
  title: string;
  documentTitle: string;
  /** When the text last changed, in the document's words ('tháng 9 năm 2022'), shown under the title. */
  lastUpdated: string;
  children: ReactNode;
}) {
  const { title, documentTitle, lastUpdated, children } = props;
  const { t } = useTranslation();
  const clientConfig = useClientConfig();
  if (clientConfig.state.status === 'failed') return <ChunkLoadFailed onRetry={clientConfig.retry} />;
  if (clientConfig.state.status !== 'ready') return <PageSpinner />;
  return (
    <div className="mx-auto w-full max-w-3xl px-5 py-10 sm:px-8 sm:py-14">
      <title>{`${documentTitle} · ${t('app.name')}`}</title>
      {currentLanguage() !== 'vi' && (
        <p className="mb-6 rounded-lg border border-violet-500/30 bg-violet-500/10 px-4 py-3 text-sm text-violet-200">
          {t('legal.vietnameseOnly')}
        </p>
      )}
      <article
        lang="vi"
        className="space-y-4 leading-relaxed text-neutral-300 [&_a]:text-violet-300 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-violet-200 [&_h2]:pt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-white [&_li]:pl-1 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6"
      >
        <div className="mb-8 border-b border-white/10 pb-6">
          <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{title}</h1>
          <p className="mt-2 text-sm text-neutral-400">{`Cập nhật lần cuối: ${lastUpdated}`}</p>
        </div>
        {children}
      </article>
    </div>
  );
}

/** The operator's address for copyright complaints (CONTACT_EMAIL), as a mailto link. */
export function ContactEmailLink() {
  const { state } = useClientConfig();
  if (state.status !== 'ready') return null;
  const { contactEmail } = state.config;
  return <a href={`mailto:${contactEmail}`}>{contactEmail}</a>;
}

/** The operator's support page (SUPPORT_URL), in a new tab. */
export function SupportPageLink({ children }: { children: ReactNode }) {
  const { state } = useClientConfig();
  if (state.status !== 'ready') return null;
  return (
    <a href={state.config.supportUrl} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
