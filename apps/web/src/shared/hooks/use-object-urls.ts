import { useEffect, useMemo, useRef } from 'react';

/**
 * Object URLs of local files (the previews of picked pictures): each is revoked when its picture is
 * removed, when the form is reset, and at the latest when the component goes away.
 */
export function useObjectUrls() {
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const made = urls.current;
    return () => {
      for (const url of made) URL.revokeObjectURL(url);
      made.clear();
    };
  }, []);
  return useMemo(
    () => ({
      create(file: Blob): string {
        const url = URL.createObjectURL(file);
        urls.current.add(url);
        return url;
      },
      revoke(url: string): void {
        if (urls.current.delete(url)) URL.revokeObjectURL(url);
      },
      revokeAll(): void {
        for (const url of urls.current) URL.revokeObjectURL(url);
        urls.current.clear();
      },
    }),
    [],
  );
}
