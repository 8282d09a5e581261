/*
 * glibc's malloc_trim(0) for Node: gives the free pages inside the C allocator's heaps (every
 * arena, not only the top of each) back to the system.
 *
 * Why: glibc returns freed memory to the system only from the top of a heap. Memory freed
 * below a live block (a picture's pixel copy, a socket buffer, an encoder's state) stays
 * resident until malloc_trim is called, and nothing in Node calls it. A busy bot's resident
 * memory grew by this fragmentation alone (see README, "Speed and size under load").
 *
 * The trim runs on libuv's thread pool, not on the caller's thread: giving back tens of
 * megabytes takes tens of milliseconds of madvise calls, which the event loop should not wait
 * for. Elsewhere than glibc it does nothing and `supported` is false.
 */
#include <node_api.h>
#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

typedef struct {
  napi_async_work work;
  napi_deferred deferred;
  int released;
} Trim;

static void trim_execute(napi_env env, void* data) {
  Trim* trim = data;
#if defined(__GLIBC__)
  trim->released = malloc_trim(0);
#else
  trim->released = 0;
#endif
}

static void trim_complete(napi_env env, napi_status status, void* data) {
  Trim* trim = data;
  napi_value released;
  napi_get_boolean(env, status == napi_ok && trim->released, &released);
  napi_resolve_deferred(env, trim->deferred, released);
  napi_delete_async_work(env, trim->work);
  free(trim);
}

/* trim(): a promise of whether any memory was given back. */
static napi_value trim_start(napi_env env, napi_callback_info info) {
  napi_value promise, name;
  Trim* trim = calloc(1, sizeof(Trim));
  if (trim == NULL) {
    napi_throw_error(env, NULL, "out of memory");
    return NULL;
  }
  napi_create_promise(env, &trim->deferred, &promise);
  napi_create_string_utf8(env, "mallocTrim", NAPI_AUTO_LENGTH, &name);
  napi_create_async_work(env, NULL, name, trim_execute, trim_complete, trim, &trim->work);
  napi_queue_async_work(env, trim->work);
  return promise;
}

NAPI_MODULE_INIT() {
  napi_value trim, supported;
  napi_create_function(env, "trim", NAPI_AUTO_LENGTH, trim_start, NULL, &trim);
  napi_set_named_property(env, exports, "trim", trim);
#if defined(__GLIBC__)
  napi_get_boolean(env, 1, &supported);
#else
  napi_get_boolean(env, 0, &supported);
#endif
  napi_set_named_property(env, exports, "supported", supported);
  return exports;
}
