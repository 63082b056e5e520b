import { useTranslation } from '../../i18n/useTranslation.ts';

/** Three short steps under the home page's call to action. */
export function HowItWorks() {
  const { t } = useTranslation();
  const steps = [
    { title: t('home.featureCreateTitle'), text: t('home.featureCreate') },
    { title: t('home.featureShareTitle'), text: t('home.featureShare') },
    { title: t('home.featureSyncTitle'), text: t('home.featureSync') },
  ];
  return (
    <section aria-labelledby="how-it-works" className="relative mx-auto w-full max-w-5xl px-6 pb-20">
      <h2 id="how-it-works" className="sr-only">
        {t('home.featuresTitle')}
      </h2>
      <ol className="grid gap-4 sm:grid-cols-3">
        {steps.map((step, index) => (
          <li key={step.title} className="rounded-2xl border border-white/10 bg-white/[0.03] p-5">
            <span className="grid size-8 place-items-center rounded-full bg-violet-600/20 text-sm font-bold text-violet-300">
              {index + 1}
            </span>
            <h3 className="mt-3 font-semibold text-white">{step.title}</h3>
            <p className="mt-1 text-sm text-neutral-400">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
