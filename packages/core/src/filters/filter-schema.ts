import { Type, type Static } from 'typebox';
import { literalUnion } from '../contract/common.js';
import { FILTER_OPERATORS } from './filter-types.js';

/** Most conditions or subgroups in one group of a stored or sent filter. */
export const FILTER_GROUP_MAX_ITEMS = 50;

/** Schema of FilterOperator. */
export const FilterOperatorSchema = literalUnion(FILTER_OPERATORS);

/** Schema of FilterCondition; value null or blank means "no value" (matches everything). */
export const FilterConditionSchema = Type.Object(
  {
    field: Type.String({ minLength: 1, maxLength: 100 }),
    operator: FilterOperatorSchema,
    value: Type.Union([Type.String({ maxLength: 1000 }), Type.Number(), Type.Null()]),
  },
  { additionalProperties: false },
);

/** Schema of FilterGroup (cyclic: groups nest), so a filter can be stored or sent. */
export const FilterGroupSchema = Type.Cyclic(
  {
    FilterGroup: Type.Object(
      {
        logic: literalUnion(['and', 'or'] as const),
        filters: Type.Array(Type.Union([FilterConditionSchema, Type.Ref('FilterGroup')]), {
          maxItems: FILTER_GROUP_MAX_ITEMS,
        }),
      },
      { additionalProperties: false },
    ),
  },
  'FilterGroup',
);
/** A filter group as the schema describes it (the same shape as FilterGroup). */
export type FilterGroupData = Static<typeof FilterGroupSchema>;
