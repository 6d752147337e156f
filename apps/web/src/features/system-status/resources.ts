import type { ResourceType, SystemStatus } from '@kl/contracts/status';

/** URL of a resource link of the status info (product.md §3 resources), if the merchant has one. */
export function resourceUrl(status: SystemStatus | undefined, type: ResourceType): string | undefined {
  return status?.info.resources.find((resource) => resource.resourceType === type)?.url;
}
