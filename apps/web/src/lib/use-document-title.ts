import { useEffect } from 'react';
import { APP_NAME } from '../config/app.ts';

/** Screens whose route title is "not shown" use the loaded item's name (issue #2). */
export function useDocumentTitle(title: string | undefined | null): void {
  useEffect(() => {
    if (title) document.title = title;
    else document.title = APP_NAME;
  }, [title]);
}
