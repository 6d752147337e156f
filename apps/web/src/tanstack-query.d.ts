import '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /**
       * false: the mutation handles its own failure (product.md §8: some failures "only hide loading"),
       * so the global error toast is not shown.
       */
      errorToast?: boolean;
    };
  }
}
