// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title SandboxToken
/// @notice A minimal ERC-20 for the sandbox chain only: it stands in for
/// USDT, USDC, USDC.e and DAI on a local Anvil node.
///
/// SANDBOX ONLY. `mint` has no access control: anyone may create any amount.
/// Never deploy this on a chain where its tokens could be mistaken for
/// something of value.
///
/// One sandbox magic, so tests can make a conversion fail on chain:
/// `transferFrom` (not `transfer`) reverts with
/// "sandbox: amounts ending .666 fail on chain" when the first three
/// fractional digits of the amount are 666 (1.666 and 1.6661 fail, 1.667
/// does not), for tokens with at least 3 decimals.
contract SandboxToken {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_, uint8 decimals_) {
        // 10**decimals must fit in a uint256 for the sandbox magic.
        require(decimals_ <= 36, "sandbox: too many decimals");
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        if (decimals >= 3) {
            uint256 unit = uint256(10) ** decimals;
            if ((value % unit) / (uint256(10) ** (decimals - 3)) == 666) {
                revert("sandbox: amounts ending .666 fail on chain");
            }
        }
        uint256 allowed = allowance[from][msg.sender];
        // An infinite allowance stays infinite.
        if (allowed != type(uint256).max) {
            require(allowed >= value, "ERC20: insufficient allowance");
            unchecked {
                allowance[from][msg.sender] = allowed - value;
            }
        }
        _transfer(from, to, value);
        return true;
    }

    /// @notice SANDBOX ONLY: anyone may mint any amount to anyone.
    function mint(address to, uint256 value) external {
        totalSupply += value;
        unchecked {
            // cannot overflow: no balance exceeds totalSupply
            balanceOf[to] += value;
        }
        emit Transfer(address(0), to, value);
    }

    function _transfer(address from, address to, uint256 value) private {
        uint256 have = balanceOf[from];
        require(have >= value, "ERC20: insufficient balance");
        unchecked {
            balanceOf[from] = have - value;
            // cannot overflow: the sum of all balances is totalSupply
            balanceOf[to] += value;
        }
        emit Transfer(from, to, value);
    }
}
