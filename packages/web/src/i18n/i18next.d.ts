import type account from './locales/de/account.json';
import type admin from './locales/de/admin.json';
import type alerts from './locales/de/alerts.json';
import type charts from './locales/de/charts.json';
import type chartsAnnotations from './locales/de/charts-annotations.json';
import type chartsPlot from './locales/de/charts-plot.json';
import type common from './locales/de/common.json';
import type events from './locales/de/events.json';
import type list from './locales/de/list.json';
import type native from './locales/de/native.json';
import type navigation from './locales/de/navigation.json';
import type secondFactor from './locales/de/second-factor.json';
import type shell from './locales/de/shell.json';
import type visualisation from './locales/de/visualisation.json';

// Typed keys: a `t('…')` call with a key missing from the German catalogue fails type checking.
// The German catalogue is the merge of its files, one per feature area.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof common &
        typeof account &
        typeof admin &
        typeof alerts &
        typeof charts &
        typeof chartsAnnotations &
        typeof chartsPlot &
        typeof events &
        typeof list &
        typeof native &
        typeof navigation &
        typeof secondFactor &
        typeof shell &
        typeof visualisation;
    };
  }
}
