// A chat host for testing gm's MCP App, on the official MCP Apps host bridge: AppBridge and
// PostMessageTransport from @modelcontextprotocol/ext-apps/app-bridge, the MCP client of
// @modelcontextprotocol/client over Streamable HTTP to a real `gm mcp --http`.
//
// As the spec asks of a web host, each app runs in a sandbox proxy on another origin
// (sandbox.html), which loads the app's HTML into an inner sandboxed iframe under a
// Content-Security-Policy built from the resource's _meta.ui.csp, and relays the messages.
// The test drives it as a model would: window.gmHost.callTool(name, arguments).
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import {
  AppBridge,
  PostMessageTransport,
  RESOURCE_MIME_TYPE,
  getToolUiResourceUri,
} from "@modelcontextprotocol/ext-apps/app-bridge";

const HOST = { name: "gm-test-host", version: "1.0.0" };
const EXTENSION = "io.modelcontextprotocol/ui";

const state = {
  client: null,
  tools: new Map(),
  resources: new Map(),
  appCalls: [], // tools/call requests the apps sent through the host
  modelContext: [], // ui/update-model-context contents
  initialized: 0, // apps that finished ui/initialize
  displayModes: [], // ui/request-display-mode requests the apps sent
  frames: 0,
  sandboxUrl: null,
};

async function connect(mcpUrl, sandboxUrl) {
  state.sandboxUrl = sandboxUrl;
  const client = new Client(HOST, {
    capabilities: { extensions: { [EXTENSION]: { mimeTypes: [RESOURCE_MIME_TYPE] } } },
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)));
  state.client = client;
  const { tools } = await client.listTools();
  state.tools = new Map(tools.map((t) => [t.name, t]));
  const { resources } = await client.listResources();
  return {
    tools: tools.map((t) => ({ name: t.name, resourceUri: getToolUiResourceUri(t) ?? null })),
    resources,
    extensions: client.getServerCapabilities()?.extensions ?? null,
  };
}

async function readUi(uri) {
  if (!state.resources.has(uri)) {
    const { contents } = await state.client.readResource({ uri });
    const item = contents.find((c) => c.uri === uri && typeof c.text === "string");
    if (!item || item.mimeType !== RESOURCE_MIME_TYPE) {
      throw new Error(`${uri} is not an MCP App (${item && item.mimeType})`);
    }
    state.resources.set(uri, { html: item.text, mimeType: item.mimeType, ui: item._meta?.ui ?? {} });
  }
  return state.resources.get(uri);
}

function textOf(result) {
  return (result.content || []).filter((c) => c.type === "text").map((c) => c.text).join("\n");
}

// One turn of the chat: the model called a tool; the host shows the result's text, and the
// tool's app when it has one.
async function callTool(name, args) {
  const tool = state.tools.get(name);
  if (!tool) throw new Error(`no tool ${name}`);
  const result = await state.client.callTool({ name, arguments: args });
  const turn = document.createElement("section");
  turn.className = "turn";
  const heading = document.createElement("h2");
  heading.textContent = name;
  turn.append(heading);
  document.getElementById("chat").append(turn);
  const uri = getToolUiResourceUri(tool);
  let frame = null;
  if (uri) {
    frame = await mountApp(turn, uri, args, result);
  } else {
    const pre = document.createElement("pre");
    pre.textContent = textOf(result);
    turn.append(pre);
  }
  // the whole answer rides in _meta["gm/answer"]; the structured content is a small record
  const answer = (result._meta && result._meta["gm/answer"]) ?? null;
  return { frame, isError: !!result.isError, structuredContent: result.structuredContent ?? null,
    answer };
}

// A result shown again (a host reloading a conversation shows the stored results).
async function showResult(name, args, result) {
  const uri = getToolUiResourceUri(state.tools.get(name));
  const turn = document.createElement("section");
  turn.className = "turn";
  document.getElementById("chat").append(turn);
  return { frame: await mountApp(turn, uri, args, result) };
}

async function mountApp(turn, uri, args, result) {
  const { html, ui } = await readUi(uri);
  const outer = document.createElement("iframe");
  outer.id = `app-${++state.frames}`;
  outer.setAttribute("sandbox", "allow-scripts allow-same-origin");
  outer.src = state.sandboxUrl;
  outer.style.cssText = "width: 100%; height: 420px; border: 1px solid #ccc;";
  turn.append(outer);

  const bridge = new AppBridge(
    state.client,
    HOST,
    {
      serverTools: {},
      serverResources: {},
      logging: {},
      updateModelContext: { text: {} },
      sandbox: { csp: ui.csp ?? {} },
    },
    {
      hostContext: {
        theme: "light",
        displayMode: "inline",
        availableDisplayModes: ["inline", "fullscreen"],
        // the host's theme: a few of the spec's style variables (the app should use them)
        styles: {
          variables: {
            "--color-background-primary": "rgb(253, 246, 227)",
            "--color-text-primary": "rgb(40, 30, 20)",
            "--font-sans": "serif",
          },
        },
      },
    },
  );
  bridge.onrequestdisplaymode = async ({ mode }) => {
    state.displayModes.push(mode);
    outer.style.height = mode === "fullscreen" ? "90vh" : outer.style.height;
    return { mode };
  };
  bridge.onupdatemodelcontext = async (params) => {
    state.modelContext.push(params);
    return {};
  };
  bridge.onsizechange = ({ height }) => {
    if (height) outer.style.height = `${Math.min(Math.ceil(height) + 2, 1200)}px`;
  };
  const initialized = new Promise((resolve) => {
    bridge.oninitialized = resolve;
  });
  bridge.onsandboxready = () => {
    bridge.sendSandboxResourceReady({ html, csp: ui.csp ?? {} });
  };
  await bridge.connect(new PostMessageTransport(outer.contentWindow, outer.contentWindow));
  // connect() set the bridge's own forwarding of the app's tools/call to the server; the host
  // keeps it and notes each call
  const forward = bridge.oncalltool;
  bridge.oncalltool = async (params, extra) => {
    state.appCalls.push({ name: params.name, arguments: params.arguments });
    return forward(params, extra);
  };
  await initialized;
  state.initialized += 1;
  await bridge.sendToolInput({ arguments: args });
  await bridge.sendToolResult(result);
  outer.scrollIntoView(); // the newest turn of the chat in sight
  return outer.id;
}

window.gmHost = { connect, readUi, callTool, showResult, state };
