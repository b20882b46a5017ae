// The same worker on the default path: a manifest without precompiled validators. Where eval is forbidden (workerd),
// building the Toolbox must fail at once, saying which flag to set, not answer the model with errors later.
import { Toolbox } from '@toolwright/core';
import { ShopService } from '../src/shop-service.js';
import { manifest } from '../src/tools.generated.js';

const { validators: _precompiled, ...withoutValidators } = manifest;

export default {
  async fetch(): Promise<Response> {
    try {
      const toolbox = new Toolbox([new ShopService()], withoutValidators);
      return Response.json({ built: toolbox.tools().length });
    } catch (error) {
      return Response.json({ error: (error as Error).message }, { status: 500 });
    }
  },
};
