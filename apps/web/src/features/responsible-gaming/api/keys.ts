/** Query key of the member's responsible-gaming settings; under ['member'], so a logout drops it. */
export const RESPONSIBLE_GAMING_KEY = ['member', 'responsibleGaming'] as const;
