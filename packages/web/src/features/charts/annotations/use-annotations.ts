import {
  ANNOTATION_UNSAVED_UPDATE,
  AnnotationBusyGuard,
  checkAnnotationFields,
  createRequestOf,
  pvKey,
  updateRequestOf,
  type Annotation,
  type AnnotationDraft,
  type AnnotationWriteResult,
  type PvRef,
} from '@leitwarte/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createAnnotation, deleteAnnotations, getAnnotations, updateAnnotation } from '../../../api/charts';

/** Which annotations a screen shows: a time window and/or PVs; without any, every readable one. */
export interface AnnotationFilter {
  start?: number;
  end?: number;
  pvs?: readonly PvRef[];
}

/** Every annotation query starts with this key, so a write refreshes all lists and chart links. */
export const ANNOTATIONS_QUERY_KEY = ['charts', 'annotations'] as const;

/** A failed write as the user reads it: what failed and the server's reason. */
export interface AnnotationFailure {
  title: string;
  message: string;
}

export interface AnnotationWrites {
  /** A write is running; further operations are ignored until it ends (screens §4). */
  busy: boolean;
  failure: AnnotationFailure | null;
  clearFailure: () => void;
  /** Saves a draft: created when it has no id yet, else updated. */
  save: (draft: AnnotationDraft) => Promise<Annotation | undefined>;
  /** Updates a saved annotation; an unsaved one is refused ('cannot update unsaved update annotation'). */
  update: (draft: AnnotationDraft) => Promise<Annotation | undefined>;
  /** Deletes annotations (all or none); the ids deleted. */
  remove: (ids: readonly number[]) => Promise<number[] | undefined>;
}

/**
 * Creates, updates and deletes annotations through the server, one operation at a time: what is
 * asked while one runs is ignored (screens §4). A failure keeps the server's message for a dialog.
 */
export function useAnnotationWrites(): AnnotationWrites {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const guard = useRef<AnnotationBusyGuard | null>(null);
  guard.current ??= new AnnotationBusyGuard();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<AnnotationFailure | null>(null);

  const run = useCallback(
    <T>(op: () => Promise<T>): Promise<T | undefined> =>
      (guard.current as AnnotationBusyGuard).run(async () => {
        setBusy(true);
        try {
          return await op();
        } finally {
          setBusy(false);
        }
      }),
    [],
  );

  const afterWrite = useCallback(
    async (result: AnnotationWriteResult): Promise<Annotation | undefined> => {
      if (result.status !== 'Success') {
        setFailure({ title: t('charts.annotations.failed.save'), message: result.errorMessage });
        return undefined;
      }
      await queryClient.invalidateQueries({ queryKey: ANNOTATIONS_QUERY_KEY });
      return result.annotation;
    },
    [queryClient, t],
  );

  /** The text must not be empty (screens §5); the server checks again. */
  const checked = useCallback(
    (draft: AnnotationDraft): boolean => {
      const check = checkAnnotationFields(draft.fields);
      if (check.ok) return true;
      const textIssue = check.issues.some((issue) => issue.field === 'text');
      setFailure({
        title: t('charts.annotations.failed.save'),
        message: textIssue
          ? t('validation.textEmpty')
          : check.issues.map((i) => `${i.field}: ${i.message}`).join('\n'),
      });
      return false;
    },
    [t],
  );

  const update = useCallback(
    (draft: AnnotationDraft) =>
      run(async () => {
        let request;
        try {
          request = updateRequestOf(draft);
        } catch (error) {
          if (!(error instanceof Error) || error.message !== ANNOTATION_UNSAVED_UPDATE) throw error;
          setFailure({
            title: t('charts.annotations.failed.save'),
            message: t('charts.annotations.failed.unsavedUpdate'),
          });
          return undefined;
        }
        if (!checked(draft)) return undefined;
        return afterWrite(await updateAnnotation(request));
      }),
    [run, afterWrite, checked, t],
  );

  const save = useCallback(
    (draft: AnnotationDraft) => {
      if (draft.id !== null) return update(draft);
      return run(async () => {
        if (!checked(draft)) return undefined;
        const request = createRequestOf(draft);
        return afterWrite(await createAnnotation({ ...request, text: request.text.trim() }));
      });
    },
    [run, update, afterWrite, checked],
  );

  const remove = useCallback(
    (ids: readonly number[]) =>
      run(async () => {
        const result = await deleteAnnotations(ids);
        if (result.status !== 'Success') {
          setFailure({ title: t('charts.annotations.failed.delete'), message: result.errorMessage });
          return undefined;
        }
        await queryClient.invalidateQueries({ queryKey: ANNOTATIONS_QUERY_KEY });
        return result.deletedIds;
      }),
    [run, queryClient, t],
  );

  return { busy, failure, clearFailure: () => setFailure(null), save, update, remove };
}

/** The query key of a filtered annotation list. */
export function annotationListKey(filter: AnnotationFilter) {
  const pvs = filter.pvs?.map(pvKey).join(',') ?? null;
  return [...ANNOTATIONS_QUERY_KEY, 'list', filter.start ?? null, filter.end ?? null, pvs] as const;
}

/**
 * The annotations of a window and/or PVs (oldest first, as the server sends them) with the
 * operations on them. A write reloads every annotation list on screen.
 */
export function useAnnotations(filter: AnnotationFilter) {
  const key = annotationListKey(filter);
  const { start, end, pvs } = filter;
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => getAnnotations({ start, end, pvs }, signal),
    refetchOnWindowFocus: false,
    // After a zoom or pan the markers of the previous range stay until the new range's list is
    // there, rather than vanishing for the time of the request.
    placeholderData: keepPreviousData,
  });
  const writes = useAnnotationWrites();
  const annotations = useMemo(() => query.data ?? [], [query.data]);
  return {
    annotations,
    isPending: query.isPending,
    isFetching: query.isFetching,
    error: query.error,
    refetch: () => void query.refetch(),
    writes,
  };
}
